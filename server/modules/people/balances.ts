/**
 * My net balance with each person (docs/decisions/0006-people-and-families.md): in every live
 * event or dialogue we are both in, what the two of us owe each other by common/ledger.ts
 * `pairwiseDebts` over that event's live operations, summed per event currency. Positive: they
 * owe me. Integers in minor units throughout; a display currency only converts the final sums.
 */
import type { MoneyByCurrency } from '../../../common/contract/people';
import { fromMinor } from '../../../common/money';
import type { Queryable } from '../../db/client';
import { displayConversion, type DisplayConversion } from '../currency/service';
import { pairBalancesOf } from './repository';

/** Minor units per currency code. */
export type PerCurrency = Map<string, number>;

export interface NetBalances {
  /** Person → currency → what they owe me (negative: what I owe them). Zero sums are dropped. */
  byPerson: Map<number, PerCurrency>;
  /** Event → person → the same, in that event's currency. */
  byEvent: Map<number, Map<number, number>>;
  /** How many pair balances were read, for the benchmark. */
  rows: number;
}

function add(map: PerCurrency, currency: string, amount: number): void {
  const sum = (map.get(currency) ?? 0) + amount;
  if (sum === 0) map.delete(currency);
  else map.set(currency, sum);
}

/**
 * The viewer's net balances with everyone, or only with `only`: in each event, the pair balance
 * kept with every write (common/ledger-debts.ts operationDebts summed over its live operations),
 * which is what `pairwiseDebts` over those operations gives, without reading them.
 */
export async function netBalances(db: Queryable, viewer: number, only?: readonly number[]): Promise<NetBalances> {
  const byPerson = new Map<number, PerCurrency>();
  const byEvent = new Map<number, Map<number, number>>();
  if (only && only.length === 0) return { byPerson, byEvent, rows: 0 };
  const rows = await pairBalancesOf(db, viewer, only);
  for (const row of rows) {
    const inEvent = byEvent.get(row.eventId) ?? new Map<number, number>();
    inEvent.set(row.other, row.amount);
    byEvent.set(row.eventId, inEvent);
    const mine = byPerson.get(row.other) ?? new Map<string, number>();
    add(mine, row.currency, row.amount);
    byPerson.set(row.other, mine);
  }
  return { byPerson, byEvent, rows: rows.length };
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
