import { fromMinor, toMinor } from '@common/money';
import type { AppDispatch } from '@/app/store';
import { createOperation, newIdempotencyKey } from '@/features/operations';
import { fetchPersonCall } from '../people-api';

/** What the two of us owe each other in one shared event, exactly, in its currency (positive: they owe me). */
export interface ExactDebt {
  eventId: number;
  /** Major units of `currency`. */
  amount: number;
  currency: string;
}

/**
 * Our pairwise debts per shared event, read unconverted. A payback recorded in each of those
 * events, in its own currency, zeroes every balance between us exactly; one payback in the
 * dialogue would have to convert between currencies and leave the others owing.
 */
export async function exactDebts(uid: number): Promise<ExactDebt[]> {
  const res = await fetchPersonCall(uid, null);
  return res.events.filter((e) => e.balance !== 0).map((e) => ({ eventId: e.id, amount: e.balance, currency: e.eventCurrency }));
}

/** Records a payback for each debt: from them to me when they owe me, from me to them otherwise. */
export async function recordPaybacks(dispatch: AppDispatch, me: number, uid: number, debts: readonly ExactDebt[]): Promise<number[]> {
  const recorded: number[] = [];
  for (const debt of debts) {
    const amount = Math.abs(debt.amount);
    const theyPay = debt.amount > 0;
    const body = {
      event_id: debt.eventId,
      details: { kind: 'payback' as const, amount, currency: debt.currency, description: '', payer: theyPay ? uid : me },
      participants: [{ uid: theyPay ? me : uid }],
    };
    const result = await dispatch(createOperation({ body, idempotencyKey: newIdempotencyKey() }));
    if (!createOperation.fulfilled.match(result)) throw result.payload ?? result.error;
    recorded.push(debt.eventId);
  }
  return recorded;
}

/** Amounts added up per currency, exactly, in the order the currencies first appear. */
export function sumByCurrency(list: readonly { amount: number; currency: string }[]): { amount: number; currency: string }[] {
  const by = new Map<string, number>();
  for (const a of list) by.set(a.currency, (by.get(a.currency) ?? 0) + toMinor(a.amount, a.currency));
  return [...by].map(([currency, minor]) => ({ amount: fromMinor(minor, currency), currency }));
}
