import type { CreateOperationBody } from './contract/operations';
import { operationEntries } from './ledger';
import { toMinor } from './money';
import { partsFromWeights, weightToHundredths } from './split';

/**
 * How an operation not yet recorded (a create request, as the web app keeps one waiting offline)
 * will move `me`'s balance, `me` being its author, in minor units of the currency it was entered
 * in, worked out by the same ledger the server uses; null when it cannot be said (it would be
 * refused, or the amount does not parse), 0 for a comment.
 */
export interface BodyEffect {
  minor: number;
  currency: string;
}

export function bodyEffect(body: CreateOperationBody, me: number, eventCurrency: string): BodyEffect | null {
  const d = body.details;
  const currency = d.currency ?? eventCurrency;
  if (d.kind === 'comment') return { minor: 0, currency };
  try {
    const minor = (value: number) => toMinor(value, currency);
    const amount = minor(d.amount ?? 0);
    let participants = body.participants.map((p) => ({ uid: p.uid, amount: p.amount === null || p.amount === undefined ? undefined : minor(p.amount) }));
    if (d.split === 'shares' || d.split === 'percent') {
      const weights = body.participants.map((p) => ({ uid: p.uid, hundredths: weightToHundredths(p.weight ?? 0) ?? 0 }));
      participants = [...partsFromWeights(amount, weights, d.split)].map(([uid, part]) => ({ uid, amount: part }));
    }
    const payers = d.payers && d.payers.length > 1 ? d.payers.map((p) => ({ uid: p.uid, amount: minor(p.amount) })) : undefined;
    const payer = d.payers?.[0]?.uid ?? d.payer ?? (d.kind === 'they_lent_me' ? null : me);
    const entries = operationEntries({ kind: d.kind, amount, author: me, payer, payers, participants });
    const mine = entries.find((e) => e.uid === me);
    return { minor: mine ? mine.paid - mine.share : 0, currency };
  } catch {
    return null;
  }
}

/** What several such effects come to in `currency`, or null when one cannot be said or is in another currency. */
export function totalEffect(effects: readonly (BodyEffect | null)[], currency: string): number | null {
  let total = 0;
  for (const effect of effects) {
    if (effect === null || effect.currency !== currency) return null;
    total += effect.minor;
  }
  return total;
}
