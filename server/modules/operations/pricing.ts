import { DomainError } from '../../../common/errors';
import { operationEntries, type Entry, type OperationInput, type OperationKind } from '../../../common/ledger';
import { entriesInEventCurrency } from '../../../common/ledger-currency';
import { convertMinor, MONEY_INPUT_MAX_LENGTH, toMinor } from '../../../common/money';
import { MAX_EVENT_VOLUME_MINOR, MAX_OPERATION_MINOR, MAX_WRITER_VOLUME_MINOR } from '../../../common/money-limits';
import type { Queryable } from '../../db/client';
import { rateForDate } from '../currency/service';
import { type OperationMeta } from './repository';
import { totalsExceeded } from './balances-repository';

/** A currency column is char(3): what it holds, without padding. */
export const currencyOf = (code: string) => code.trim();

/**
 * An API amount (major units, a JSON number) to minor units: at most the currency's decimals and
 * at most 16 characters as written (specification §5). Negative amounts are refused; 0 is below
 * the minimum unless `allowZero`.
 */
export function apiAmountToMinor(value: number, currency: string, field: string, allowZero = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new DomainError('amount_invalid', field);
  if (value < 0) throw new DomainError('amount_invalid', field);
  if (String(value).length > MONEY_INPUT_MAX_LENGTH) throw new DomainError('amount_invalid', field);
  let minor: number;
  try {
    minor = toMinor(value, currency);
  } catch {
    throw new DomainError('amount_invalid', field);
  }
  if (minor === 0 && !allowZero) throw new DomainError('amount_too_small', field);
  if (minor > MAX_OPERATION_MINOR) throw new DomainError('amount_too_large', field);
  return minor;
}

export interface Priced {
  amount: number;
  rate: string;
  rateDate: string | null;
  entries: Entry[];
}

/** What pricing needs of an operation: what was entered and by whom. */
export interface EnteredOperation {
  kind: OperationKind;
  originalAmount: number;
  currency: string;
  author: number;
  meta: OperationMeta;
  date: Date;
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * An operation's entries in the event currency. When the currencies differ the amount is
 * converted at the rate of the operation's day, frozen on the operation (DESIGN §3), and the
 * entries restated from it (common/ledger-currency.ts: equal parts split in the event currency).
 * `rateOf` lets a bulk writer (an import) look each day's rate up once.
 */
export async function price(db: Queryable, op: EnteredOperation, eventCurrency: string, rateOf: typeof rateForDate = rateForDate): Promise<Priced> {
  if (op.kind === 'comment') return { amount: 0, rate: '1', rateDate: null, entries: [] };
  const input = enteredInput(op);
  // Checked where it was typed before any rate is looked up, so a wrong operation says so first.
  const original = operationEntries(input);
  if (op.currency === eventCurrency) return { amount: op.originalAmount, rate: '1', rateDate: null, entries: original };
  const frozen = await rateOf(db, op.currency, eventCurrency, utcDay(op.date));
  const amount = convertMinor(op.originalAmount, op.currency, eventCurrency, frozen.rate);
  return { amount, rate: frozen.rate, rateDate: frozen.rateDate, entries: entriesInEventCurrency(input, amount) };
}

/** An operation as it was entered, as the ledger takes it: amounts in the entered currency. */
export function enteredInput(op: Pick<EnteredOperation, 'kind' | 'originalAmount' | 'author' | 'meta'>): OperationInput {
  const { payer, payers, participants } = op.meta;
  return { kind: op.kind, amount: op.originalAmount, author: op.author, payer, payers, participants };
}

/**
 * After a write, inside its transaction, once it has named its operations' last writers: refuses it
 * (and so stores nothing) when the event's live operations, or what one of `writers` has written in
 * all events, would pass the bounds that keep every figure exact (decisions 0010 and 0062).
 */
export async function requireWithinTotals(tx: Queryable, eventId: number, writers: readonly number[]): Promise<void> {
  const bounds = { event: MAX_EVENT_VOLUME_MINOR, writer: MAX_WRITER_VOLUME_MINOR };
  if (await totalsExceeded(tx, eventId, writers, bounds)) throw new DomainError('totals_too_large', 'amount');
}

/** Who last wrote an operation: the one its amount counts against (unread.ts). */
export function lastWriterOf(row: { editedBy: number | null; authorId: number }): number {
  return row.editedBy ?? row.authorId;
}

export function parseDate(text: string | undefined): Date {
  if (text === undefined) return new Date();
  const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(date.getTime()) || year < 1990 || year > 2100) throw new DomainError('validation_failed', 'date');
  return date;
}
