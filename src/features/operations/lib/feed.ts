import dayjs from 'dayjs';
import type { Operation } from '@common/contract/operations';
import type { Locale } from '@common/money';

/** The operation's calendar day in the browser's zone, YYYY-MM-DD. */
export function dayOf(op: Pick<Operation, 'details'>): string {
  return dayjs(op.details.date).format('YYYY-MM-DD');
}

export interface DayGroup {
  day: string;
  ops: Operation[];
  /** The same day as the last group of the page before: no second header. */
  continued: boolean;
}

/**
 * Consecutive operations of one day, in feed order. The server pages by creation, so a back-dated
 * operation makes its own group where it was added rather than moving history around.
 */
export function groupByDay(ops: readonly Operation[], previousDay: string | null): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const op of ops) {
    const day = dayOf(op);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.ops.push(op);
    else groups.push({ day, ops: [op], continued: groups.length === 0 && day === previousDay });
  }
  return groups;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function fmt(locale: Locale, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withYear}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(withYear ? { year: 'numeric' } : {}),
    });
    dayFormats.set(key, f);
  }
  return f;
}

/** 'Today', 'Yesterday', else 'Monday, 20 November' (with the year when it is not this year). */
export function dayLabel(day: string, locale: Locale, words: { today: string; yesterday: string }, now = dayjs()): string {
  if (day === now.format('YYYY-MM-DD')) return words.today;
  if (day === now.subtract(1, 'day').format('YYYY-MM-DD')) return words.yesterday;
  const d = dayjs(day);
  const text = fmt(locale, d.year() !== now.year()).format(d.toDate());
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** '09:05'. Formatters are made once per language: building one costs more than a row's render. */
export function timeLabel(date: string, locale: Locale): string {
  let f = timeFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
    timeFormats.set(locale, f);
  }
  return f.format(new Date(date));
}

/** Who put the money in: the payer the operation names, else whoever paid. */
export function payerOf(op: Operation): number | null {
  if (op.details.payer !== null) return op.details.payer;
  const paid = op.participants.find((p) => p.paid !== 0);
  return paid ? paid.uid : null;
}

/**
 * Everyone who put money in, the named payer first: one person mostly, several when the payment
 * was shared between payers.
 */
export function payersOf(op: Operation): number[] {
  const first = payerOf(op);
  const others = op.participants.filter((p) => p.paid !== 0 && p.uid !== first).map((p) => p.uid);
  return first === null ? others : [first, ...others];
}

/** Whose share it is (for a payback, the creditor; for a loan, the borrowers). */
export function sharersOf(op: Operation): number[] {
  return op.participants.filter((p) => p.share !== 0).map((p) => p.uid);
}
