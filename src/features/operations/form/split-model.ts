import type { ErrorCode } from '@common/errors';
import { fromMinor, parseMoneyInput } from '@common/money';
import { MAX_PERCENT, partsFromWeights, WEIGHT_SCALE, weightToHundredths, type Weight } from '@common/split';

/**
 * The operation form's several payers and split modes as data (DESIGN §3): who paid how much, and
 * how the cost is divided among the people chosen. Pure, so every rule is tested without
 * rendering; the form shows what these compute as the user types.
 */

/** How parts are typed: amounts (the rest split equally), shares (weights) or percentages. */
export type PartsMode = 'exact' | 'shares' | 'percent';
export const PARTS_MODES: readonly PartsMode[] = ['exact', 'shares', 'percent'];

/** One payer as typed; a blank amount on the last line means "the rest". */
export interface PayerLine {
  uid: number | null;
  amount: string;
}

export interface Payments {
  /** Each line's payment in minor units, the last blank one given the rest. */
  lines: { uid: number | null; minor: number | null }[];
  /** The amount minus what is typed (before the last line takes the rest). */
  left: number;
  error: ErrorCode | null;
}

/**
 * What several payers paid, against the amount: each typed payment must read as money, and
 * together they must make exactly the amount. A blank last line pays the rest (when some is left);
 * no other line may be blank.
 */
export function paymentsOf(lines: readonly PayerLine[], amountText: string, currency: string): Payments {
  const amount = parseMoneyInput(amountText, currency);
  const parsed = lines.map((l) => {
    const text = l.amount.trim();
    if (text === '') return { uid: l.uid, minor: null as number | null, bad: false };
    const r = parseMoneyInput(text, currency);
    return { uid: l.uid, minor: r.ok ? r.minor : null, bad: !r.ok };
  });
  const typed = parsed.reduce((s, p) => s + (p.minor ?? 0), 0);
  const left = amount.ok ? amount.minor - typed : 0;
  const uids = lines.map((l) => l.uid);
  let error: ErrorCode | null = null;
  if (uids.some((u) => u === null)) error = 'sender_or_recipient_required';
  else if (new Set(uids).size !== uids.length) error = 'validation_failed';
  else if (parsed.some((p) => p.bad)) error = 'amount_invalid';
  const blanks = parsed.map((p, i) => (p.minor === null && !p.bad ? i : -1)).filter((i) => i >= 0);
  const last = parsed.length - 1;
  const restToLast = blanks.length === 1 && blanks[0] === last && left > 0;
  if (!error && amount.ok && !restToLast && (blanks.length > 0 || left !== 0)) error = 'payers_do_not_sum';
  return {
    lines: parsed.map((p, i) => ({ uid: p.uid, minor: i === last && restToLast ? left : p.minor })),
    left,
    error,
  };
}

/**
 * The total of several payers' amounts as the amount field takes it, when every line has a valid
 * amount; null otherwise. People who paid 30 and 20 expect the form to know that 50 was paid.
 */
export function payersTotalText(lines: readonly PayerLine[], currency: string): string | null {
  if (lines.length === 0) return null;
  let minor = 0;
  for (const line of lines) {
    const r = parseMoneyInput(line.amount.trim(), currency);
    if (!r.ok) return null;
    minor += r.minor;
  }
  // '50.5', '50': the way an edit form shows an amount that was entered.
  return minor > 0 ? String(fromMinor(minor, currency)) : null;
}

/**
 * The amount after the payers changed: filled with their total while the user has not typed one
 * of their own (the field is empty, or still holds the total filled before).
 */
export function amountAfterPayers(amount: string, before: readonly PayerLine[] | null, after: readonly PayerLine[], currency: string): string {
  const filled = before === null ? null : payersTotalText(before, currency);
  if (amount.trim() !== '' && amount !== filled) return amount;
  return payersTotalText(after, currency) ?? (amount === filled ? '' : amount);
}

/** 'Split the payment equally': the amount in equal payments, leftover units to the first lines. */
export function equalPayments(count: number, amountMinor: number): number[] {
  const base = Math.floor(amountMinor / count);
  const leftover = amountMinor - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < leftover ? 1 : 0));
}

/** A typed weight ('2', '1,5', '33.3') in hundredths; blank is 1 share or 0 %. */
export function typedWeight(text: string, mode: 'shares' | 'percent'): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return mode === 'shares' ? WEIGHT_SCALE : 0;
  if (!/^\d{1,5}(\.\d{0,2})?$/.test(trimmed)) return null;
  return weightToHundredths(Number(trimmed));
}

export interface Weighted {
  /** Each chosen person's part in minor units, or null while something cannot be read. */
  parts: Map<number, number> | null;
  /** The percentages typed so far, in hundredths (for 'percent'). */
  percentTotal: number;
  error: ErrorCode | null;
  /** People whose weight cannot be read. */
  bad: number[];
}

/** The parts shares or percentages give, exactly as the server will compute them (common/split). */
export function weightedParts(
  people: readonly number[],
  weights: Readonly<Record<number, string>>,
  mode: 'shares' | 'percent',
  amountText: string,
  currency: string,
): Weighted {
  const list: Weight[] = [];
  const bad: number[] = [];
  for (const uid of people) {
    const hundredths = typedWeight(weights[uid] ?? '', mode);
    if (hundredths === null || (mode === 'percent' && hundredths > MAX_PERCENT * WEIGHT_SCALE)) bad.push(uid);
    else list.push({ uid, hundredths });
  }
  const percentTotal = list.reduce((s, w) => s + w.hundredths, 0);
  if (bad.length > 0) return { parts: null, percentTotal, error: 'validation_failed', bad };
  if (mode === 'percent' && percentTotal !== MAX_PERCENT * WEIGHT_SCALE) return { parts: null, percentTotal, error: 'percents_do_not_sum', bad };
  if (list.length === 0 || percentTotal === 0) return { parts: null, percentTotal, error: 'participants_too_few', bad };
  const amount = parseMoneyInput(amountText, currency);
  if (!amount.ok) return { parts: null, percentTotal, error: null, bad };
  return { parts: partsFromWeights(amount.minor, list, mode), percentTotal, error: null, bad };
}
