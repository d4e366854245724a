import type { Recurrence, RepeatBody } from '../../../common/contract/recurrences';
import { DomainError } from '../../../common/errors';
import { fromMinor } from '../../../common/money';
import type { RepeatFrequency } from '../../../common/recurrence';
import { localDay } from '../../../common/recurrence';
import type { Db, Queryable } from '../../db/client';
import { lockOperation } from '../operations/edit';
import { currencyOf } from '../operations/pricing';
import { linkToSeries } from '../operations/ledger-writer';
import { metaOf, operationForParticipant, type EnteredColumns, type OperationRow } from '../operations/repository';
import { requestMeta } from '../people/requests';
import { makeDueOf } from './occurrences';
import { lastDayOf, recurrenceById, updateRecurrence, type RecurrenceRow } from './repository';
import { requireSensible, schedule, startSeries } from './series';

function view(series: RecurrenceRow): Recurrence {
  const currency = currencyOf(series.currency);
  return {
    id: series.id,
    event_id: series.eventId,
    frequency: series.frequency as RepeatFrequency,
    interval: series.interval,
    until: series.until,
    count: series.count,
    utc_offset: series.utcOffset,
    first: series.firstAt.toISOString(),
    next: series.nextAt?.toISOString() ?? null,
    made: series.made,
    stopped: series.stoppedAt !== null,
    stop_reason: series.stopReason,
    pattern: { kind: series.kind, amount: fromMinor(series.originalAmount, currency), currency, description: series.description },
  };
}

function patternOf(row: OperationRow): EnteredColumns {
  return {
    eventId: row.eventId,
    authorId: row.authorId,
    kind: row.kind,
    originalAmount: row.originalAmount,
    currency: currencyOf(row.currency),
    description: row.description,
    meta: metaOf(row),
  };
}

async function seriesOf(db: Queryable, row: OperationRow | null, forUpdate = false): Promise<RecurrenceRow> {
  const series = row?.recurrenceId ? await recurrenceById(db, row.recurrenceId, forUpdate) : null;
  if (!series) throw new DomainError('not_found');
  return series;
}

/** GET /operation/{id}/recurrence/: the series the operation belongs to, for anyone in its event. */
export async function recurrenceOf(db: Db, viewer: number, operationId: number): Promise<Recurrence> {
  return view(await seriesOf(db, await operationForParticipant(db, operationId, viewer)));
}

/**
 * PUT /operation/{id}/recurrence/: the operation repeats by this rule from its own date. An
 * operation outside any series starts one; one inside changes its series, and becomes the pattern
 * (amount, people, description) of the occurrences still to come, which follow its date by the new
 * rule after the latest occurrence already made. Occurrences now due are made before the answer.
 * Only the operation's author may.
 */
export async function setRecurrence(db: Db, viewer: number, operationId: number, repeat: RepeatBody): Promise<Recurrence> {
  const now = new Date();
  const seriesId = await db.transaction(async (tx) => {
    const { row } = await lockOperation(tx, operationId, viewer);
    if (row.deletedAt !== null) throw new DomainError('not_found');
    // A payback request is a record of what was asked at the time, not something to ask again.
    if (requestMeta(row) !== null) throw new DomainError('validation_failed', 'kind');
    // The occurrences are written in the author's name and counted against their bound (decision
    // 0062): nobody else may set that going, or they could use it up and lock the author out.
    if (row.authorId !== viewer) throw new DomainError('not_operation_author');
    if (row.recurrenceId === null) {
      const { series, day } = await startSeries(tx, patternOf(row), row.opDate, repeat, now);
      await linkToSeries(tx, row.id, series.id, day);
      return series.id;
    }
    const series = await seriesOf(tx, row, true);
    requireSensible(row.opDate, repeat, now, false);
    const own = localDay(row.opDate, repeat.utc_offset);
    const last = (await lastDayOf(tx, series.id)) ?? own;
    const after = last > own ? last : own;
    await updateRecurrence(tx, series.id, {
      ...patternOf(row),
      ...schedule(row.opDate, repeat, series.made, after),
      stoppedAt: null,
      stoppedBy: null,
      stopReason: null,
    });
    return series.id;
  });
  await makeDueOf(db, seriesId, new Date());
  return view(await seriesOf(db, await operationForParticipant(db, operationId, viewer)));
}

/** DELETE /operation/{id}/recurrence/: no more occurrences; those made stay as they are. */
export async function stopRecurrence(db: Db, viewer: number, operationId: number): Promise<Recurrence> {
  const series = await db.transaction(async (tx) => {
    const { row } = await lockOperation(tx, operationId, viewer);
    const series = await seriesOf(tx, row, true);
    const stopped = { nextAt: null, stoppedAt: series.stoppedAt ?? new Date(), stoppedBy: series.stoppedBy ?? viewer, stopReason: null };
    await updateRecurrence(tx, series.id, stopped);
    return { ...series, ...stopped };
  });
  return view(series);
}

/** After POST /operation/ started a series: its occurrences already due (a first date in the past) are made at once. */
export async function makeMissedOf(db: Db, seriesId: number | null | undefined): Promise<void> {
  if (seriesId) await makeDueOf(db, seriesId, new Date());
}
