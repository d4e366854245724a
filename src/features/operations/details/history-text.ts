import type { OperationState, OperationVersion } from '@common/contract/operations';
import type { Locale } from '@common/money';
import { money } from '../lib/money';

/**
 * What one version of an operation changed, as 'before → after' pairs the history shows
 * ("3,000.00 ₽ → 3,200.00 ₽"). Fields whose values do not read well side by side (how the cost
 * is divided) are named without them.
 */
export interface ChangeText {
  field: OperationVersion['changes'][number];
  before: string | null;
  after: string | null;
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

export function dayText(iso: string, locale: Locale): string {
  let f = dayFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    dayFormats.set(locale, f);
  }
  return f.format(new Date(iso));
}

function amountText(state: OperationState, locale: Locale): string {
  return money(state.amount, state.currency, locale)?.text ?? String(state.amount);
}

function payersText(state: OperationState, name: (uid: number) => string, locale: Locale): string {
  if (state.payers.length > 1) return state.payers.map((p) => `${name(p.uid)} ${money(p.amount, state.currency, locale)?.text ?? ''}`.trim()).join(', ');
  return state.payer === null ? '' : name(state.payer);
}

export function changeTexts(
  version: OperationVersion,
  previous: OperationVersion | undefined,
  name: (uid: number) => string,
  kindName: (kind: OperationState['kind']) => string,
  locale: Locale,
): ChangeText[] {
  if (!previous) return [];
  const before = previous.state;
  const after = version.state;
  const seen = new Set<string>();
  const texts: ChangeText[] = [];
  for (const field of version.changes) {
    // Amount and currency read as one figure.
    if (field === 'amount' || field === 'currency') {
      if (seen.has('money')) continue;
      seen.add('money');
      texts.push({ field: 'amount', before: amountText(before, locale), after: amountText(after, locale) });
    } else if (field === 'date') texts.push({ field, before: dayText(before.date, locale), after: dayText(after.date, locale) });
    else if (field === 'description') texts.push({ field, before: before.description, after: after.description });
    else if (field === 'text') texts.push({ field, before: before.text, after: after.text });
    else if (field === 'kind') texts.push({ field, before: kindName(before.kind), after: kindName(after.kind) });
    else if (field === 'payers') texts.push({ field, before: payersText(before, name, locale), after: payersText(after, name, locale) });
    else if (field === 'parts') texts.push({ field, before: null, after: null });
  }
  return texts;
}

const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();

/** '2 hours ago', 'вчера': how long ago, in the largest unit that fits. */
export function agoText(iso: string, locale: Locale, now = Date.now()): string {
  let f = relativeFormats.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, f);
  }
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return f.format(seconds, 'second');
  if (abs < 3600) return f.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return f.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return f.format(Math.round(seconds / 86_400), 'day');
  return dayText(iso, locale);
}
