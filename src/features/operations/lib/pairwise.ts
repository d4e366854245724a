import type { Operation } from '@common/contract/operations';
import { pairwiseDebts, type Debt, type Entry } from '@common/ledger';
import { fetchOperationPage } from '../operations-api';
import { minorOf } from './money';

/** The plain view reads every live operation; past this many pages it is not worth the wait. */
export const PLAIN_VIEW_MAX_PAGES = 50;

export type PlainDebts = { kind: 'ok'; debts: Debt[]; currency: string | null } | { kind: 'too_many' };

function entriesOf(op: Operation): Entry[] {
  const c = op.details.currency;
  return op.participants.map((p) => ({ uid: p.uid, paid: minorOf(p.paid, c) ?? 0, share: minorOf(p.share, c) ?? 0 }));
}

/**
 * Who owes whom before families and simplification (DESIGN §5), worked out with the ledger's own
 * pairwiseDebts from every live operation's paid/share entries, in the event currency (the
 * server has no endpoint for it). Pages are read a few at a time.
 */
export async function loadPlainDebts(eventId: number, signal?: AbortSignal): Promise<PlainDebts> {
  const first = await fetchOperationPage(eventId, 1, undefined, signal, true);
  if (first.pages > PLAIN_VIEW_MAX_PAGES) return { kind: 'too_many' };
  const ops = [...first.objects];
  const rest = Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => i + 2);
  for (let i = 0; i < rest.length; i += 4) {
    const batch = await Promise.all(rest.slice(i, i + 4).map((page) => fetchOperationPage(eventId, page, undefined, signal, true)));
    for (const page of batch) ops.push(...page.objects);
  }
  const seen = new Set<number>();
  const live = ops.filter((op) => !op.deleted && op.kind !== 'comment' && !seen.has(op.id) && seen.add(op.id));
  return { kind: 'ok', debts: pairwiseDebts(live.map(entriesOf)), currency: live[0]?.details.currency ?? null };
}
