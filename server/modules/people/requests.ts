/**
 * Payback requests (DESIGN §4) as the screens show them: what was asked, what has been paid back
 * since, and whether that settles it. Apart from the people service so that the operations feed,
 * which shows a request where it was made, can use it too (the events and people services import
 * the operations service, so it cannot import them).
 */
import type { PaybackRequest } from '../../../common/contract/people';
import { fromMinor } from '../../../common/money';
import type { Queryable } from '../../db/client';
import { paybacksBetween, type PaybackRequestMeta, type RequestRow } from './repository';

export function requestMeta(row: Pick<RequestRow, 'meta'>): PaybackRequestMeta | null {
  const m = row.meta as Partial<PaybackRequestMeta> | null;
  if (m?.request !== 'payback' || typeof m.to !== 'number' || !Array.isArray(m.amounts)) return null;
  return { request: 'payback', to: m.to, amounts: m.amounts, ...(typeof m.since === 'number' ? { since: m.since } : {}) };
}

/**
 * Payback requests with what has been paid back since each: paybacks recorded after the request
 * (by operation id) in any live event we share, from the debtor to the creditor, counted in the
 * currency they were entered in. Settled once every requested currency is covered.
 */
export async function requestViews(db: Queryable, rows: readonly RequestRow[]): Promise<PaybackRequest[]> {
  const out: PaybackRequest[] = [];
  const paybackCache = new Map<string, Awaited<ReturnType<typeof paybacksBetween>>>();
  const oldest = Math.min(...rows.map((r) => r.id));
  for (const row of rows) {
    const meta = requestMeta(row);
    if (!meta) continue;
    const creditor = row.authorId;
    const debtor = meta.to;
    const key = `${creditor}:${debtor}`;
    let paybacks = paybackCache.get(key);
    if (!paybacks) {
      paybacks = await paybacksBetween(db, creditor, debtor, oldest);
      paybackCache.set(key, paybacks);
    }
    const paid = new Map<string, number>();
    for (const p of paybacks) {
      if (p.id <= (meta.since ?? row.id)) continue;
      const pm = (p.meta ?? {}) as { payer?: number | null; participants?: { uid: number }[] };
      const receivers = (pm.participants ?? []).map((x) => x.uid).filter((uid) => uid !== pm.payer);
      if (pm.payer !== debtor || !receivers.includes(creditor)) continue;
      const currency = p.currency.trim();
      paid.set(currency, (paid.get(currency) ?? 0) + p.originalAmount);
    }
    out.push({
      id: row.id,
      event_id: row.eventId,
      from: creditor,
      to: debtor,
      amounts: meta.amounts.map((a) => ({ amount: fromMinor(a.amount, a.currency), currency: a.currency })),
      paid: meta.amounts.map((a) => ({ amount: fromMinor(paid.get(a.currency) ?? 0, a.currency), currency: a.currency })),
      settled: meta.amounts.every((a) => (paid.get(a.currency) ?? 0) >= a.amount),
      created: row.createdAt.toISOString(),
    });
  }
  return out;
}
