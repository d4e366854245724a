import { DomainError } from '../../../common/errors';
import type { OperationKind } from '../../../common/ledger';
import { occurrenceAt } from '../../../common/recurrence';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { requireEvent, requireLive } from '../events/access';
import { requirePeopleIn } from '../operations/edit';
import { peopleNamed } from '../operations/entered';
import { currencyOf, price } from '../operations/pricing';
import { metaOf } from '../operations/repository';
import { addOperation } from '../operations/ledger-writer';
import { dueRecurrences, hasOccurrenceOn, recurrenceById, ruleOf, updateRecurrence, type RecurrenceRow } from './repository';
import { advance } from './series';

type Outcome = 'made' | 'none';

function isDue(series: RecurrenceRow | null, now: Date): series is RecurrenceRow & { nextAt: Date } {
  return series !== null && series.nextAt !== null && series.stoppedAt === null && series.nextAt <= now;
}

/**
 * Makes the series' next occurrence if it is due at `now`: an ordinary operation with its own day,
 * priced at that day's rate, recorded by the series' author. The event is locked first, as every
 * writer locks it, then the series, so two processes making the same series take turns and the
 * second finds it already advanced; the unique (series, day) index is the last word.
 */
async function makeNext(db: Db, seriesId: number, now: Date): Promise<Outcome> {
  const seen = await recurrenceById(db, seriesId);
  if (!isDue(seen, now)) return 'none';
  return db.transaction(async (tx) => {
    // The author must still take part: a series does not write for someone who left.
    const event = await requireEvent(tx, seen.eventId, seen.authorId, true).catch((err: unknown) => {
      throw err instanceof DomainError && err.code === 'not_found' ? new DomainError('participant_not_in_event') : err;
    });
    const series = await recurrenceById(tx, seriesId, true);
    // Moved with its operation since it was read: the next pass makes it where it is now.
    if (!isDue(series, now) || series.eventId !== event.id) return 'none';
    const { day, at } = occurrenceAt(series.firstAt, series.utcOffset, ruleOf(series), series.nextK);
    if (!(await hasOccurrenceOn(tx, series.id, day))) {
      requireLive(event);
      const meta = metaOf(series);
      await requirePeopleIn(tx, event.id, peopleNamed(meta), 'participant_not_in_event');
      const entered = {
        eventId: event.id,
        authorId: series.authorId,
        kind: series.kind,
        originalAmount: series.originalAmount,
        currency: currencyOf(series.currency),
        description: series.description,
        meta,
      };
      const priced = await price(tx, { ...entered, kind: series.kind as OperationKind, author: series.authorId, date: at }, currencyOf(event.currency));
      await addOperation(tx, entered, priced, { opDate: at, recurrenceId: series.id, recurrenceDay: day });
    }
    await updateRecurrence(tx, series.id, advance(series, series.nextK));
    return 'made';
  });
}

/** A series that cannot go on (its author or someone it names left, the event was deleted) stops, saying why. */
async function stopFor(db: Db, seriesId: number, reason: string): Promise<void> {
  await updateRecurrence(db, seriesId, { nextAt: null, stoppedAt: new Date(), stopReason: reason });
}

export interface MakeLog {
  error(obj: unknown, msg: string): void;
}

/** Makes every occurrence of one series due at `now`, the missed ones of a downtime included, oldest first. */
export async function makeDueOf(db: Db, seriesId: number, now: Date, log?: MakeLog): Promise<number> {
  let made = 0;
  for (;;) {
    try {
      if ((await makeNext(db, seriesId, now)) === 'none') return made;
      made++;
    } catch (err) {
      if (err instanceof DomainError) {
        await stopFor(db, seriesId, err.code);
        return made;
      }
      // Another process made this day between our look and our lock: it is made, look again.
      if (isUniqueViolation(err)) continue;
      log?.error({ err, seriesId }, 'recurring operation not made');
      return made;
    }
  }
}

/**
 * Makes every due occurrence of every series: on start-up (a server that was down makes what it
 * missed, each on its own day) and then every minute. Safe in several processes at once.
 */
export async function makeAllDue(db: Db, now: Date, log?: MakeLog): Promise<number> {
  let made = 0;
  const tried = new Set<number>();
  for (;;) {
    const due = (await dueRecurrences(db, now, 100)).filter((s) => !tried.has(s.id));
    if (due.length === 0) return made;
    for (const series of due) {
      tried.add(series.id);
      made += await makeDueOf(db, series.id, now, log);
    }
  }
}
