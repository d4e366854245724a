import { DomainError } from '../../../common/errors';
import { operationEntries, type OperationKind } from '../../../common/ledger';
import { floorDiv } from '../../../common/ledger-currency';
import { convertedExactly, convertMinor } from '../../../common/money';
import { MAX_OPERATION_MINOR } from '../../../common/money-limits';
import type { Queryable } from '../../db/client';
import { rateForDate, type FrozenRate } from '../currency/service';
import { enteredInput, price, type Priced } from '../operations/pricing';
import type { OperationMeta } from '../operations/repository';
import { movesEachAs, rowOperation, rowOperationInOwnCurrency, type RowOperation } from './row-operation';
import type { ExpenseRow, ExpenseTable, RowProblem } from './table-reader';

/**
 * A file's rows priced in the event currency before anything is written
 * (docs/decisions/0072-a-files-balances-converted-as-a-whole.md). Three sorts of row:
 *  - in the event currency: written as the file says, their effects exact;
 *  - as entered in another currency (Dolya's JSON): priced as the app prices an operation, at its
 *    day's rate, as they were in the event they came from;
 *  - any other row in another currency (a Splitwise group keeps its balances per currency): every
 *    row of that currency at one rate, that of the file's last day (or the one the importer
 *    gives), and each person's total of that currency converted as a whole, so that people square
 *    in a currency are square in the event to the minor unit.
 * The balances so found are what the preview shows and what the import leaves: what each row's
 * own rounding leaves over goes into one closing row.
 */

/** What a row is written as, people by uid. */
export type PlannedOperation = { kind: OperationKind; amount: number; meta: OperationMeta };
export type PlannedRow = { row: ExpenseRow; op: PlannedOperation; currency: string; date: Date; priced: Priced };

/** What importing a file into an event currency leaves, found before anything is written: the preview. */
export interface FileOutcome {
  /** Rows that cannot be an operation in the event currency: their amount there passes one operation's bound, or comes to nothing. */
  refused: RowProblem[];
  /** The one rate each currency converted as a whole was converted at. */
  rates: Map<string, FrozenRate>;
  /** Each person's balance in the event currency once imported, in `people` order. */
  balances: number[];
  /** The file's last day: the rates' day, and the closing row's. */
  lastDay: string;
}

/** The outcome, with every row but the refused ones priced for the people chosen. */
export interface PricedFile extends FileOutcome {
  planned: PlannedRow[];
}

/** Midday UTC, so the day stays the same day in every time zone a group is likely to be in. */
const middayOf = (day: string) => new Date(`${day}T12:00:00Z`);

/** Rows of a currency other than the event's that say only the money they move: converted as a whole. */
const convertedWhole = (row: ExpenseRow, currency: string) => !row.entered && row.currency !== currency;

/** Uids that order the file's people as the file itself did: what the preview prices with. */
const standInUids = (table: ExpenseTable): number[] => table.order ?? table.people.map((_, i) => i + 1);

/**
 * What importing `table` into `currency` leaves; a rate missing fails here, naming the currency.
 * Only what can differ from the file's own figures is priced: a row converted as a whole is only
 * checked to be an operation in the event currency (its people's totals are converted together),
 * and an operation as entered is priced with the file's own order of people (`standInUids`).
 */
export async function fileOutcome(
  db: Queryable,
  viewer: number,
  table: ExpenseTable,
  currency: string,
  given: Record<string, string> | undefined,
): Promise<FileOutcome> {
  const lastDay = table.rows.reduce((last, row) => (row.day > last ? row.day : last), '');
  const rates = new Map<string, FrozenRate>();
  for (const row of table.rows) {
    if (convertedWhole(row, currency) && !rates.has(row.currency)) rates.set(row.currency, await rateOrGiven(db, row.currency, currency, lastDay, given));
  }
  const balances = table.people.map(() => 0);
  const whole = new Map<string, number[]>();
  const refused: RowProblem[] = [];
  const entered: ExpenseRow[] = [];
  for (const [index, row] of table.rows.entries()) {
    if (index % PRICING_TURN === PRICING_TURN - 1) await nextTurn();
    if (row.currency === currency) row.effects.forEach((e, i) => (balances[i]! += e));
    else if (row.entered) entered.push(row);
    else {
      const problem = conversionProblemOf(rowOperation(row).amount, row.currency, currency, rates.get(row.currency)!.rate);
      if (problem) {
        refused.push(refusal(row, problem));
        continue;
      }
      const sums = whole.get(row.currency) ?? table.people.map(() => 0);
      row.effects.forEach((e, i) => (sums[i]! += e));
      whole.set(row.currency, sums);
    }
  }
  for (const [from, sums] of whole) {
    if (!sums.every(Number.isSafeInteger)) throw new DomainError('totals_too_large', 'file');
    convertedTogether(sums, from, currency, rates.get(from)!.rate).forEach((e, i) => (balances[i]! += e));
  }
  const standIns = standInUids(table);
  const priced = await plannedRows(db, viewer, entered, standIns, currency, given, rates);
  refused.push(...priced.refused);
  addEntries(balances, priced.planned, standIns);
  if (!balances.every(Number.isSafeInteger)) throw new DomainError('totals_too_large', 'file');
  return { refused: refused.sort((a, b) => a.line - b.line), rates, balances, lastDay };
}

/**
 * Every row of `table` but those the outcome refuses, priced in `currency` for the people `uids`
 * (in `people` order), with the outcome they leave, which does not depend on `uids`.
 */
export async function priceFile(
  db: Queryable,
  viewer: number,
  table: ExpenseTable,
  uids: readonly number[],
  currency: string,
  given: Record<string, string> | undefined,
): Promise<PricedFile> {
  const outcome = await fileOutcome(db, viewer, table, currency, given);
  const refused = new Set(outcome.refused.map((p) => p.line));
  const rows = table.rows.filter((row) => !refused.has(row.line));
  const { planned, refused: more } = await plannedRows(db, viewer, rows, uids, currency, given, outcome.rates);
  // An operation as entered keeps its amount whoever the people are, so what converts for the
  // file's order converts for theirs.
  if (more.length > 0) throw new Error(`import: row ${more[0]!.line} refused for the people chosen only`);
  return { ...outcome, planned };
}

/** Adds each planned row's entries to its person's balance, people found by their uid in `uids`. */
function addEntries(balances: number[], planned: readonly PlannedRow[], uids: readonly number[]): void {
  const place = new Map(uids.map((uid, i) => [uid, i]));
  for (const { priced } of planned) for (const e of priced.entries) balances[place.get(e.uid)!]! += e.paid - e.share;
}

/**
 * Balances that add up to zero, in another currency at `rate`: each as near its exact value as
 * whole minor units allow, the units the rounding leaves going to the largest remainders (ties in
 * order), so a balance of zero stays zero.
 */
export function convertedTogether(sums: readonly number[], from: string, to: string, rate: string): number[] {
  const exact = sums.map((s) => convertedExactly(s, from, to, rate));
  const floors = exact.map(({ num, den }) => floorDiv(num, den));
  // One rate, so one denominator: remainders compare as they are.
  const remainders = exact.map(({ num, den }, i) => num - floors[i]! * den);
  let leftover = -floors.reduce((a, b) => a + b, 0n);
  const order = sums.map((_, i) => i).sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  for (const i of order) {
    if (leftover <= 0n) break;
    floors[i]! += 1n;
    leftover -= 1n;
  }
  return floors.map((f) => Number(f));
}

/**
 * The closing row that leaves each person's balance at `balances` after `planned`, or null when
 * the rows already do: what each row's own rounding into the event currency left over.
 */
export function closingRow(file: PricedFile, uids: readonly number[], currency: string, description: string): ExpenseRow | null {
  const after = file.balances.map(() => 0);
  addEntries(after, file.planned, uids);
  const effects = file.balances.map((b, i) => b - after[i]!);
  if (effects.every((e) => e === 0)) return null;
  // Each row's rounding moves a person by a minor unit or two at most: more is no rounding.
  const most = 2 * file.planned.length + 2;
  if (effects.some((e) => Math.abs(e) > most)) throw new Error('import: the rows do not leave the balances the preview showed');
  return { line: 0, day: file.lastDay, description, category: 'Payment', currency, cost: null, effects };
}

/** A row priced in the event currency, as written: `closingRow`'s, whose effects are already there. */
export async function plannedInEventCurrency(db: Queryable, viewer: number, row: ExpenseRow, uids: readonly number[]): Promise<PlannedRow> {
  const op = plannedOperation(row, uids, viewer);
  const date = middayOf(row.day);
  const priced = await price(db, { kind: op.kind, originalAmount: op.amount, currency: row.currency, author: viewer, meta: op.meta, date }, row.currency);
  return { row, op, currency: row.currency, date, priced };
}

/**
 * Rows priced in the event currency. A row of another currency that cannot be an operation there
 * (its amount passes one operation's bound, or comes to nothing) is refused, as the preview lists it.
 */
async function plannedRows(
  db: Queryable,
  viewer: number,
  rows: readonly ExpenseRow[],
  uids: readonly number[],
  currency: string,
  given: Record<string, string> | undefined,
  whole: ReadonlyMap<string, FrozenRate>,
): Promise<{ planned: PlannedRow[]; refused: RowProblem[] }> {
  // Each currency's rate of each day looked up once, however many rows share it.
  const rates = new Map<string, ReturnType<typeof rateForDate>>();
  const rateOf: typeof rateForDate = (q, from, to, day) => {
    const key = `${from}>${to}@${day}`;
    const known = rates.get(key) ?? rateOrGiven(q, from, to, day, given);
    rates.set(key, known);
    return known;
  };
  const planned: PlannedRow[] = [];
  const refused: RowProblem[] = [];
  for (const [index, row] of rows.entries()) {
    // Pricing a row whose rate is known is a promise already settled: without a turn now and
    // then, 20,000 of them would hold the thread for everyone else.
    if (index % PRICING_TURN === PRICING_TURN - 1) await nextTurn();
    // A row of Dolya's spreadsheet goes back into the currency it was entered in, at the rate
    // it was converted at, when the event is in the file's event currency again.
    const inOwn = row.currency === currency ? rowOperationInOwnCurrency(row, uids) : null;
    const op = plannedOperation(row, uids, viewer, inOwn?.operation);
    const date = middayOf(row.day);
    const opCurrency = inOwn?.own.currency ?? row.currency;
    const oneRate = whole.get(row.currency);
    const rateOfRow: typeof rateForDate = inOwn
      ? async () => ({ rate: inOwn.own.rate, rateDate: null })
      : convertedWhole(row, currency) && oneRate
        ? async () => oneRate
        : rateOf;
    // What does not convert into an operation is left out, as the preview lists it; only a row of
    // another currency is converted here (a Dolya row back in its own is at its own rate).
    const problem =
      row.currency === currency ? null : conversionProblemOf(op.amount, opCurrency, currency, (await rateOfRow(db, opCurrency, currency, row.day)).rate);
    if (problem) {
      refused.push(refusal(row, problem));
      continue;
    }
    const entered = { kind: op.kind, originalAmount: op.amount, currency: opCurrency, author: viewer, meta: op.meta, date };
    planned.push({ row, op, currency: opCurrency, date, priced: await price(db, entered, currency, rateOfRow) });
  }
  return { planned, refused };
}

/** A row left out, with the people whose money it moves. */
function refusal(row: ExpenseRow, code: RowProblem['code']): RowProblem {
  const people = row.effects.flatMap((e, i) => (e !== 0 ? [i] : []));
  return { line: row.line, code, people, ...(row.path ? { path: row.path } : {}) };
}

/** Why `amount` of `from` cannot be an operation's amount in `to` at `rate` (as price() would find), or null. */
function conversionProblemOf(amount: number, from: string, to: string, rate: string): 'amount_too_large' | 'no_money_moved' | null {
  let converted: number;
  try {
    converted = convertMinor(amount, from, to, rate);
  } catch (err) {
    if (err instanceof DomainError) return 'amount_too_large';
    throw err;
  }
  if (converted < 1) return 'no_money_moved';
  return converted > MAX_OPERATION_MINOR ? 'amount_too_large' : null;
}

/**
 * The app's rate of the day; for a currency it has none for, the rate the importer gave (1 unit of
 * `from` in `to`), and without one a refusal naming the currency, so nothing is written.
 */
async function rateOrGiven(db: Queryable, from: string, to: string, day: string, given: Record<string, string> | undefined): Promise<FrozenRate> {
  try {
    return await rateForDate(db, from, to, day);
  } catch (err) {
    const rate = given?.[from];
    if (!(err instanceof DomainError) || err.code !== 'rate_unavailable') throw err;
    if (rate === undefined) throw new DomainError('rate_unavailable', `rates.${from}`);
    return { rate, rateDate: null };
  }
}

/** Rows priced between two turns of the event loop. */
const PRICING_TURN = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * As the row was entered when the file says so (Dolya's JSON, people numbered from 1), else the
 * operation that reproduces its effects (`inOwnCurrency` when the row is written in the currency
 * it was entered in).
 */
function plannedOperation(row: ExpenseRow, uids: readonly number[], author: number, inOwnCurrency?: RowOperation): PlannedOperation {
  if (row.entered) {
    const uid = (n: number) => uids[n - 1] as number;
    const { kind, amount, meta: numbered } = row.entered;
    const meta: OperationMeta = {
      ...numbered,
      payer: numbered.payer === null ? null : uid(numbered.payer),
      participants: numbered.participants.map((p) => ({ ...p, uid: uid(p.uid) })),
    };
    if (numbered.payers) meta.payers = numbered.payers.map((p) => ({ ...p, uid: uid(p.uid) }));
    // An equal split's leftover minor units go to the lowest uids (common/split.ts), and the people
    // chosen may not be in the file's order: then each part is written as the file has it, the
    // amount and payers as entered, so that it moves the money the preview showed.
    if (movesAsRow({ kind, amount, meta }, row, uids, author)) return { kind, amount, meta };
    const exact = inExactParts({ kind, amount, meta }, row, uids, author);
    if (exact && movesAsRow(exact, row, uids, author)) return exact;
  }
  const op = inOwnCurrency ?? rowOperation(row);
  const uid = (person: number) => uids[person] as number;
  const payers = op.payers.map((p) => ({ uid: uid(p.person), amount: p.amount }));
  const meta: OperationMeta = { payer: payers[0]?.uid ?? null, participants: op.parts.map((p) => ({ uid: uid(p.person), amount: p.amount })), text: '' };
  if (payers.length > 1) meta.payers = payers;
  return { kind: op.kind, amount: op.amount, meta };
}

/**
 * A purchase or a deposit as entered, its parts restated exactly as the file's row has them: each
 * person's share is what they paid less their effect. Null for the kinds without parts.
 */
function inExactParts(op: PlannedOperation, row: ExpenseRow, uids: readonly number[], author: number): PlannedOperation | null {
  const purchase = op.kind === 'even_purchase' || op.kind === 'split_purchase';
  if (!purchase && op.kind !== 'deposit') return null;
  const paid = new Map(operationEntries(enteredInput({ kind: op.kind, originalAmount: op.amount, author, meta: op.meta })).map((e) => [e.uid, e.paid]));
  // Income is negative in the ledger; a deposit's parts are entered as positive money.
  const parts = uids.flatMap((uid, i) => {
    const share = (paid.get(uid) ?? 0) - (row.effects[i] ?? 0);
    const part = purchase ? share : -share;
    return part > 0 ? [{ uid, amount: part }] : [];
  });
  return { kind: purchase ? 'split_purchase' : 'deposit', amount: op.amount, meta: { ...op.meta, split: 'exact', participants: parts } };
}

/** Whether the operation, written by `author` (the importer), moves each person's money as the row says. */
function movesAsRow(op: PlannedOperation, row: ExpenseRow, uids: readonly number[], author: number): boolean {
  return movesEachAs(operationEntries(enteredInput({ kind: op.kind, originalAmount: op.amount, author, meta: op.meta })), row.effects, uids);
}
