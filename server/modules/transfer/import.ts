import { safeText } from '../../../common/contract/common';
import type { ImportBody, ImportPreview, ImportPreviewBody, ImportResult } from '../../../common/contract/transfer';
import { DESCRIPTION_MAX } from '../../../common/contract/operations';
import { NAME_MAX_LENGTH } from '../../../common/contract/user';
import { DomainError } from '../../../common/errors';
import { fromMinor } from '../../../common/money';
import { normalizeName } from '../../../common/names';
import { normalizePhone } from '../../../common/phone';
import type { Db, Queryable } from '../../db/client';
import { contactIdsOf, deleteContacts, insertNameOnlyPeople, prunePlaceholders, usersByPhones } from '../contacts/repository';
import { rateNear } from '../currency/repository';
import { addContacts, listContacts } from '../contacts/service';
import { knownPeople, updateEvent } from '../events/repository';
import { createEvent, getEvent } from '../events/service';
import { addImported, deriveImported, finishImported } from '../operations/ledger-writer';
import { readDolyaJson } from './dolya-json';
import { closingRow, fileOutcome, plannedInEventCurrency, priceFile, type FileOutcome, type PlannedRow, type PricedFile } from './priced-rows';
import { discardEvent } from './repository';
import { readSpliitJson } from './spliit';
import { readExpenseTable, type ExpenseTable } from './table-reader';

/**
 * Moving a group's history in from another app's export (docs/decisions/0029-export-and-import.md):
 * a preview that writes nothing, then the import, which writes the event, the people it adds and
 * every operation, and leaves nothing behind when it fails.
 */

function mostRowsIn(table: ExpenseTable): string | null {
  const count = new Map<string, number>();
  for (const row of table.rows) count.set(row.currency, (count.get(row.currency) ?? 0) + 1);
  return [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Each person's balance per currency after the rows. */
function balancesOf(table: ExpenseTable): Map<string, number[]> {
  const sums = new Map<string, number[]>();
  for (const row of table.rows) {
    const sum = sums.get(row.currency) ?? table.people.map(() => 0);
    row.effects.forEach((e, i) => (sum[i] = (sum[i] ?? 0) + e));
    sums.set(row.currency, sum);
  }
  // Each row is within one operation's bound, but thousands of them can pass what a number holds exactly.
  for (const sum of sums.values()) if (!sum.every(Number.isSafeInteger)) throw new DomainError('totals_too_large', 'file');
  return sums;
}

function totalsMatch(table: ExpenseTable, balances: Map<string, number[]>): boolean | null {
  if (table.totals.size === 0) return null;
  for (const [currency, totals] of table.totals) {
    const sums = balances.get(currency) ?? table.people.map(() => 0);
    if (totals.some((t, i) => t !== sums[i])) return false;
  }
  return true;
}

const nameKey = (name: string) => normalizeName(name).toLowerCase();

/** The caller or the one contact whose name is this person's column, for the preview to offer. */
async function matchesOf(db: Queryable, viewer: number, people: readonly string[]): Promise<(number | null)[]> {
  const byName = new Map<string, number[]>();
  for (const c of await listContacts(db, viewer)) {
    for (const name of new Set([c.name, c.full_name, c.contact_name].filter(Boolean).map(nameKey))) byName.set(name, [...(byName.get(name) ?? []), c.uid]);
  }
  return people.map((name) => {
    const found = byName.get(nameKey(name)) ?? [];
    return found.length === 1 ? (found[0] ?? null) : null;
  });
}

/** Dolya's or Spliit's JSON export, else a Splitwise, Spliit or Dolya spreadsheet. */
function readTable(file: string): ExpenseTable {
  const table = readDolyaJson(file) ?? readSpliitJson(file) ?? readExpenseTable(file);
  if (table.rows.length === 0) throw new DomainError('import_empty', 'file');
  return table;
}

/** The file's currencies the app has no rate for at all: only a rate the importer gives converts them. */
async function currenciesWithoutRates(db: Queryable, currencies: readonly string[], today: string): Promise<string[]> {
  const found = await Promise.all(currencies.map(async (c) => c === 'EUR' || (await rateNear(db, c, today)) !== null));
  return currencies.filter((_, i) => !found[i]);
}

/** POST /import/preview/. */
export async function previewImport(db: Queryable, viewer: number, body: ImportPreviewBody, now: Date): Promise<ImportPreview> {
  const table = readTable(body.file);
  const proposed = mostRowsIn(table) ?? 'EUR';
  const currency = body.currency ?? proposed;
  const file = await outcomeIfRated(db, viewer, table, currency, body.rates);
  if (file && file.refused.length > 0) {
    // What the import will leave out, left out of every figure here too.
    const refused = new Set(file.refused.map((p) => p.line));
    table.rows = table.rows.filter((row) => !refused.has(row.line));
    table.problems = [...table.problems, ...file.refused].sort((a, b) => a.line - b.line);
  }
  const balances = balancesOf(table);
  const matches = await matchesOf(db, viewer, table.people);
  const currencies = [...balances.keys()].sort();
  // Each person's rows left out, gathered in one pass over the problems.
  const leftOut = table.people.map((): number[] => []);
  for (const p of table.problems) for (const i of p.people ?? []) leftOut[i]?.push(p.line);
  const days = table.rows.map((r) => r.day).sort();
  return {
    format: table.format,
    currency: proposed,
    currencies,
    operations: table.rows.length,
    first_day: days[0] ?? null,
    last_day: days[days.length - 1] ?? null,
    people: table.people.map((name, i) => ({
      name,
      totals: [...balances.entries()].map(([currency, sums]) => ({ currency, amount: fromMinor(sums[i] ?? 0, currency) })),
      match: i === table.departed ? null : (matches[i] ?? null),
      ...(i === table.departed ? { departed: true } : {}),
      // The file has no total of those who left: they have no column.
      ...(table.totals.size > 0 && i !== table.departed
        ? { file_totals: [...table.totals.entries()].map(([currency, sums]) => ({ currency, amount: fromMinor(sums[i] ?? 0, currency) })) }
        : {}),
      left_out: leftOut[i] ?? [],
    })),
    totals_match: totalsMatch(table, balances),
    problems: table.problems.map(({ line, code, path }) => (path ? { line, code, path } : { line, code })),
    rates_missing: await currenciesWithoutRates(db, [...new Set([...currencies, currency])].sort(), now.toISOString().slice(0, 10)),
    result: file && {
      currency,
      balances: file.balances.map((b) => fromMinor(b, currency)),
      rates: [...file.rates.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([c, r]) => ({ currency: c, rate: r.rate, day: r.rateDate })),
    },
  };
}

/** What the import would leave; null while a rate the importer must give is missing. */
async function outcomeIfRated(
  db: Queryable,
  viewer: number,
  table: ExpenseTable,
  currency: string,
  given: Record<string, string> | undefined,
): Promise<FileOutcome | null> {
  try {
    return await fileOutcome(db, viewer, table, currency, given);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'rate_unavailable') return null;
    throw err;
  }
}

/** What the members who left are called when the importer does not say. */
const DEPARTED_DEFAULT_NAME = 'Members who left';

/**
 * Who each column is: a uid the caller knows, a phone to add as a contact (a placeholder until
 * they sign up), or neither, just a name: a person known by name alone, made here. `byPhone`: the
 * people given by phone; `byName`: those made here.
 */
async function resolvePeople(
  tx: Db,
  viewer: number,
  table: ExpenseTable,
  body: ImportBody,
  now: Date,
): Promise<{ uids: number[]; byPhone: number[]; byName: number[] }> {
  const said = new Map(body.people.map((p) => [nameKey(p.name), p]));
  // The members who left are a name whatever the body says: they are nobody the caller could pick.
  const chosen = table.people.map((name, i) => (i === table.departed ? { name } : said.get(nameKey(name))));
  if (chosen.some((p) => p === undefined)) throw new DomainError('import_person_unmatched', 'people');
  const nameOnly = chosen.flatMap((p, i) => (p?.uid === undefined && p?.phone === undefined ? [i] : []));
  // The file's names are already fit to show (table-reader); the departed's is the importer's words.
  const nameOf = (i: number) =>
    i === table.departed
      ? (body.departed_name ?? '').trim().slice(0, NAME_MAX_LENGTH) || DEPARTED_DEFAULT_NAME
      : (table.people[i] ?? '').slice(0, NAME_MAX_LENGTH);
  const madeIds = await insertNameOnlyPeople(tx, nameOnly.map(nameOf));
  const made = new Map(nameOnly.map((person, k) => [person, madeIds[k] as number]));
  // Each phone in E.164 once: what addContacts stores and usersByPhones finds.
  const phoneOf = chosen.map((p) => {
    if (p?.uid !== undefined || !p?.phone) return null;
    const phone = normalizePhone(p.phone);
    if (!phone) throw new DomainError('phone_incorrect', 'people');
    return phone;
  });
  const phones = chosen.flatMap((p, i) => (phoneOf[i] && p ? [{ name: p.name, phone: phoneOf[i] }] : []));
  if (phones.length > 0) await addContacts(tx, viewer, { device: 'WEB', contacts: phones }, now);
  const byPhone = new Map(
    (
      await usersByPhones(
        tx,
        phones.map((p) => p.phone),
      )
    ).map((u) => [u.phone, u.id]),
  );
  const uids = chosen.map((p, i) => made.get(i) ?? (p?.uid !== undefined ? p.uid : (byPhone.get(phoneOf[i] ?? '') ?? null)));
  if (uids.some((uid) => uid === null)) throw new DomainError('import_person_unmatched', 'people');
  const resolved = uids as number[];
  const known = await knownPeople(
    tx,
    viewer,
    resolved.filter((uid) => uid !== viewer),
  );
  if (resolved.some((uid) => uid !== viewer && !known.has(uid) && !madeIds.includes(uid))) throw new DomainError('user_not_found', 'people');
  // Two columns are two people: merging them would change both balances.
  if (new Set(resolved).size !== resolved.length) throw new DomainError('validation_failed', 'people');
  return { uids: resolved, byPhone: resolved.filter((_, i) => phoneOf[i]), byName: madeIds };
}

/**
 * POST /import/: the event with every row that can be imported; the rows the preview listed as
 * problems are left out. Written in steps, so that a long history does not hold the database from
 * everyone else (on the embedded database one transaction would: it has one connection): the
 * people and the event, hidden as deleted; the operations, a chunk per transaction; the balances
 * and counts derived from them; then, in one transaction, the bounds checked and the event shown.
 * Any failure on the way removes what the earlier steps wrote.
 */
export async function importEvent(db: Db, viewer: number, body: ImportBody, now: Date): Promise<ImportResult> {
  const table = readTable(body.file);
  const currency = body.currency ?? mostRowsIn(table) ?? 'EUR';
  const { uids, eventId, added } = await db.transaction(async (tx) => {
    const before = new Set(await contactIdsOf(tx, viewer));
    const { uids, byPhone, byName } = await resolvePeople(tx, viewer, table, body, now);
    const event = await createEvent(tx, viewer, { event_name: body.event_name, contacts: uids, eventCurrency: currency }, byName);
    // Deleted, nobody can write to it, and only its owner, the importer, could bring it back.
    await updateEvent(tx, event.id, { deletedAt: now, importingSince: now });
    // The contacts and people this import adds, to be taken back if it fails.
    return { uids, eventId: event.id, added: [...byPhone.filter((uid) => uid !== viewer && !before.has(uid)), ...byName] };
  });
  let counted = { written: 0, refused: 0 };
  try {
    const file = await priceFile(db, viewer, table, uids, currency, body.rates);
    counted = { written: file.planned.length, refused: file.refused.length };
    const closing = closingRow(file, uids, currency, roundingName(body, file, currency));
    const planned = closing ? [...file.planned, await plannedInEventCurrency(db, viewer, closing, uids)] : file.planned;
    for (let start = 0; start < planned.length; start += IMPORT_CHUNK) {
      const chunk = planned.slice(start, start + IMPORT_CHUNK);
      await db.transaction((tx) => writeChunk(tx, eventId, viewer, chunk));
    }
    // The figures derived from the operations, each statement on its own: nobody can write to
    // the hidden event meanwhile, and others' requests go on between them.
    await deriveImported(db, eventId, viewer);
    await db.transaction(async (tx) => {
      // Shown again first: the update locks the event row, as the bounds check below expects.
      await updateEvent(tx, eventId, { deletedAt: null, importingSince: null });
      await finishImported(tx, eventId, viewer);
    });
  } catch (err) {
    await db.transaction(async (tx) => {
      await discardEvent(tx, eventId);
      await deleteContacts(tx, viewer, added);
      await prunePlaceholders(tx, added);
    });
    throw err;
  }
  return { event: await getEvent(db, viewer, eventId), operations: counted.written, skipped: table.problems.length + counted.refused };
}

/** What the closing row of rounding is called: the importer's word for it, and the currencies converted. */
function roundingName(body: ImportBody, file: PricedFile, currency: string): string {
  const converted = [...new Set(file.planned.map((p) => p.row.currency).filter((c) => c !== currency))].sort();
  const name = (body.rounding_name ?? '').trim() || ROUNDING_DEFAULT_NAME;
  return `${name}: ${converted.join(', ')} → ${currency}`;
}

/** What the closing row of rounding is called when the importer does not say. */
const ROUNDING_DEFAULT_NAME = 'Rounding';

/**
 * Rows of an import written in one transaction: others' requests wait at most about one chunk
 * (some 50 ms on the embedded database). Against 100, `npm run attack import-load` (20,000 rows)
 * put an unrelated read's p99 at 107–344 ms instead of 263–383 ms, with no difference in the
 * import's time that the noise let show.
 */
const IMPORT_CHUNK = 50;

/** Some of an import's rows, priced: their operations, entries and first versions. */
function writeChunk(tx: Queryable, eventId: number, viewer: number, planned: readonly PlannedRow[]): Promise<void> {
  return addImported(
    tx,
    planned.map(({ row, op, currency, date, priced }) => ({
      values: {
        eventId,
        authorId: viewer,
        kind: op.kind,
        amount: priced.amount,
        originalAmount: op.amount,
        currency,
        rate: priced.rate,
        rateDate: priced.rateDate,
        description: safeText(row.description || row.category).slice(0, DESCRIPTION_MAX),
        opDate: date,
        meta: op.meta,
        idempotencyKey: null,
      },
      entries: priced.entries,
    })),
  );
}
