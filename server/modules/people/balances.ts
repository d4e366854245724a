/**
 * My net balance with each person (docs/decisions/0006-people-and-families.md): in every live
 * event or dialogue we are both in, what the two of us owe each other by common/ledger.ts
 * `pairwiseDebts` over that event's live operations, summed per event currency. Positive: they
 * owe me. Integers in minor units throughout; a display currency only converts the final sums.
 */
import type { MoneyByCurrency } from '../../../common/contract/people';
import type { Entry } from '../../../common/ledger';
import { pairwiseDebts } from '../../../common/ledger-debts';
import { fromMinor } from '../../../common/money';
import type { Queryable } from '../../db/client';
import { displayConversion, type DisplayConversion } from '../currency/service';
import { ledgerOf } from './repository';

/** Minor units per currency code. */
export type PerCurrency = Map<string, number>;

export interface NetBalances {
  /** Person → currency → what they owe me (negative: what I owe them). Zero sums are dropped. */
  byPerson: Map<number, PerCurrency>;
  /** Event → person → the same, in that event's currency. */
  byEvent: Map<number, Map<number, number>>;
  /** How many operations were read, for the record in the decision and the benchmark. */
  operations: number;
}

function add(map: PerCurrency, currency: string, amount: number): void {
  const sum = (map.get(currency) ?? 0) + amount;
  if (sum === 0) map.delete(currency);
  else map.set(currency, sum);
}

/**
 * The viewer's net balances with everyone, or only with `only` (then just the operations those
 * people share with the viewer are read). Pairwise debts arise inside single operations between
 * people in them, so the operations the viewer has no entry in cannot matter and are not read.
 */
export async function netBalances(db: Queryable, viewer: number, only?: readonly number[]): Promise<NetBalances> {
  const byPerson = new Map<number, PerCurrency>();
  const byEvent = new Map<number, Map<number, number>>();
  if (only && only.length === 0) return { byPerson, byEvent, operations: 0 };
  const ledger = await ledgerOf(db, viewer, only);
  const perEvent = new Map<number, { currency: string; operations: Entry[][] }>();
  let operations = 0;
  for (const event of ledger) {
    const ops: Entry[][] = [];
    let lastOperation = -1;
    let current: Entry[] = [];
    for (const [operationId, uid, paid, share] of event.entries) {
      if (operationId !== lastOperation) {
        lastOperation = operationId;
        current = [];
        ops.push(current);
      }
      current.push({ uid, paid: Number(paid), share: Number(share) });
    }
    operations += ops.length;
    perEvent.set(event.eventId, { currency: event.currency, operations: ops });
  }
  const wanted = only ? new Set(only) : null;
  for (const [eventId, { currency, operations: ops }] of perEvent) {
    const inEvent = new Map<number, number>();
    for (const debt of pairwiseDebts(ops)) {
      let other: number;
      let amount: number;
      if (debt.to === viewer) [other, amount] = [debt.from, debt.amount];
      else if (debt.from === viewer) [other, amount] = [debt.to, -debt.amount];
      else continue;
      if (wanted && !wanted.has(other)) continue;
      inEvent.set(other, (inEvent.get(other) ?? 0) + amount);
      const mine = byPerson.get(other) ?? new Map<string, number>();
      add(mine, currency, amount);
      byPerson.set(other, mine);
    }
    byEvent.set(eventId, inEvent);
  }
  return { byPerson, byEvent, operations };
}

/** The sum of several people's balances, per currency. */
export function sumBalances(balances: Iterable<PerCurrency | undefined>): PerCurrency {
  const total = new Map<string, number>();
  for (const b of balances) if (b) for (const [currency, amount] of b) add(total, currency, amount);
  return total;
}

/** Exact per-currency money as the API shows it, by currency code. */
export function moneyList(balance: PerCurrency | undefined): MoneyByCurrency {
  return [...(balance ?? new Map<string, number>())]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, amount]) => ({ balance: fromMinor(amount, currency), currency }));
}

/**
 * Converts per-currency sums into one display currency at the latest rates (DESIGN §3: display
 * only, approximate). Each currency's sum is converted to minor units of the target once and the
 * results added, so the answer does not depend on how the sum was split among events.
 */
export class DisplayTotals {
  private readonly cache = new Map<string, DisplayConversion>();
  constructor(
    private readonly db: Queryable,
    readonly currency: string,
  ) {}

  async minor(balance: PerCurrency | undefined): Promise<number> {
    let total = 0;
    for (const [from, amount] of balance ?? []) {
      let conv = this.cache.get(from);
      if (!conv) {
        conv = await displayConversion(this.db, from, this.currency);
        this.cache.set(from, conv);
      }
      total += conv.minor(amount);
    }
    return total;
  }

  async major(balance: PerCurrency | undefined): Promise<number> {
    return fromMinor(await this.minor(balance), this.currency);
  }
}
