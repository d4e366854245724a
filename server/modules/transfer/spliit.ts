import { z } from 'zod';
import { safeText } from '../../../common/contract/common';
import { isCurrencyCode } from '../../../common/currencies';
import { DomainError } from '../../../common/errors';
import { MAX_OPERATION_MINOR } from '../../../common/money-limits';
import { normalizeName } from '../../../common/names';
import { distinctNames, jsonOf, MAX_IMPORT_PEOPLE, MAX_IMPORT_ROWS, readDay, type ExpenseRow, type ExpenseTable, type RowProblemCode } from './table-reader';

/**
 * A Spliit group as its 'Export to JSON' writes it: participants, and expenses in minor units of
 * the group currency, each paid by one participant for some of them, split evenly, by shares, by
 * percentage or by amount. Each expense becomes a row of per-person effects, the payer's amount
 * less the shares, the shares worked out exactly as Spliit works them out (its src/lib/shares.ts),
 * so the imported balances are the ones Spliit shows to the minor unit.
 */

const expense = z.object({
  id: z.string().optional(),
  expenseDate: z.string(),
  title: z.string(),
  category: z.object({ name: z.string() }).nullable().optional(),
  amount: z.number(),
  paidById: z.string(),
  // Spliit's shares are whole: percent in hundredths, amounts in minor units, weights times 100.
  paidFor: z.array(z.object({ participantId: z.string(), shares: z.number().int().min(0).max(MAX_OPERATION_MINOR) })),
  isReimbursement: z.boolean().optional(),
  splitMode: z.enum(['EVENLY', 'BY_SHARES', 'BY_PERCENTAGE', 'BY_AMOUNT']),
});
type SpliitExpense = z.infer<typeof expense>;

const group = z.object({
  name: z.string(),
  currency: z.string(),
  currencyCode: z.string().nullable().optional(),
  participants: z.array(z.object({ id: z.string(), name: z.string() })),
  expenses: z.array(z.unknown()),
});

/** Groups made before Spliit kept a currency code have only its symbol. */
const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '₽': 'RUB', '¥': 'JPY', '₹': 'INR', '₸': 'KZT', '₴': 'UAH', zł: 'PLN', CHF: 'CHF' };

/** FNV-1a, 32 bit: Spliit's seed for who gets the leftover minor units of a split. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Largest remainders, ties broken from a rotating start, as Spliit apportions an amount. */
function apportion(amount: number, shares: readonly number[], offset: number): number[] {
  const total = shares.reduce((a, b) => a + b, 0);
  if (shares.length === 0 || total === 0) return shares.map(() => 0);
  const count = shares.length;
  const amounts = shares.map((s) => Math.floor((amount * s) / total));
  const remainders = shares.map((s, index) => ({ index, remainder: amount * s - (amounts[index] ?? 0) * total }));
  const remaining = amount - amounts.reduce((a, b) => a + b, 0);
  const rotate = (index: number) => (index - offset + count) % count;
  remainders.sort((a, b) => b.remainder - a.remainder || rotate(a.index) - rotate(b.index));
  // In doubles, as Spliit works: past 2^53 a floor may be one off, and what is left over then
  // may pass the count; the row's sum check refuses such a row rather than this loop running off.
  for (let i = 0; i < Math.min(remaining, count); i++) amounts[remainders[i]!.index]! += 1;
  return amounts;
}

/** Each participant's share of an expense, by participant id. */
export function spliitShares(e: Pick<SpliitExpense, 'id' | 'amount' | 'splitMode' | 'paidFor'>): Map<string, number> {
  const paidFor = [...e.paidFor].sort((a, b) => (a.participantId < b.participantId ? -1 : 1));
  const weights = e.splitMode === 'EVENLY' ? paidFor.map(() => 1) : paidFor.map((p) => p.shares);
  const offset = e.id && paidFor.length > 0 ? hashString(e.id) % paidFor.length : 0;
  const amounts = apportion(e.amount, weights, offset);
  return new Map(paidFor.map((p, i) => [p.participantId, amounts[i] ?? 0]));
}

/** The export read as rows of effects, or null when the text is not a Spliit group at all. */
export function readSpliitJson(text: string): ExpenseTable | null {
  const data = jsonOf(text);
  if (data === undefined) return null;
  const parsed = group.safeParse(data);
  if (!parsed.success) return null;
  const { participants, expenses } = parsed.data;
  if (participants.length < 1 || participants.length > MAX_IMPORT_PEOPLE) throw new DomainError('import_unreadable', 'file');
  if (expenses.length > MAX_IMPORT_ROWS) throw new DomainError('import_too_big', 'file');
  const code = (parsed.data.currencyCode ?? SYMBOLS[parsed.data.currency.trim()] ?? parsed.data.currency).trim().toUpperCase();
  // A name as it may be shown to others: what no one types (direction overrides, NUL) taken out.
  const people = distinctNames(participants.map((p) => normalizeName(safeText(p.name)) || '?'));
  const column = new Map(participants.map((p, i) => [p.id, i]));
  const table: ExpenseTable = { format: 'spliit', people, rows: [], totals: new Map(), problems: [] };
  expenses.forEach((raw, index) => {
    // Lines here count expenses from 2, as a spreadsheet's rows under their header would.
    const line = index + 2;
    const problem = (c: RowProblemCode) => table.problems.push({ line, code: c });
    const e = expense.safeParse(raw);
    if (!e.success) return problem('amount_unreadable');
    const { amount, paidById, paidFor } = e.data;
    if (!isCurrencyCode(code)) return problem('currency_unknown');
    const day = readDay(e.data.expenseDate);
    if (!day) return problem('date_unreadable');
    if (!Number.isSafeInteger(amount) || paidFor.some((p) => !column.has(p.participantId)) || !column.has(paidById)) return problem('amount_unreadable');
    // A negative amount is income Spliit shares out; its effects are as exact as an expense's.
    if (Math.abs(amount) > MAX_OPERATION_MINOR) return problem('amount_too_large');
    const effects = people.map(() => 0);
    effects[column.get(paidById)!]! += amount;
    for (const [id, share] of spliitShares(e.data)) effects[column.get(id)!]! -= share;
    if (effects.some((x) => Math.abs(x) > MAX_OPERATION_MINOR)) return problem('amount_too_large');
    if (effects.reduce((a, b) => a + b, 0) !== 0) return problem('effects_do_not_sum');
    if (effects.every((x) => x === 0)) return problem('no_money_moved');
    const row: ExpenseRow = {
      line,
      day,
      description: normalizeName(e.data.title),
      category: e.data.isReimbursement ? 'Payment' : (e.data.category?.name ?? ''),
      currency: code,
      cost: amount >= 0 ? amount : null,
      effects,
    };
    table.rows.push(row);
  });
  return table;
}
