import dayjs from 'dayjs';
import type { CreateOperationBody, EnteredSplit, Operation } from '@common/contract/operations';
import { COMMENT_MAX, DESCRIPTION_MAX } from '../lib/limits';
import { currencyExponent } from '@common/currencies';
import type { ErrorCode } from '@common/errors';
import { MULTI_PAYER_KINDS, type OperationKind } from '@common/ledger';
import { fromMinor, parseMoneyInput } from '@common/money';
import { splitEqually, WEIGHT_SCALE } from '@common/split';
import { paymentsOf, typedWeight, weightedParts, type PartsMode, type PayerLine } from './split-model';

/**
 * The operation form as data: one draft for all eight kinds, its validation with the
 * specification's messages (§5, as error codes the errors namespace translates) and the request
 * body. Pure, so every rule is tested without rendering.
 */

/** The order of the kind switcher: the everyday ones first. */
export const FORM_KINDS: readonly OperationKind[] = [
  'even_purchase',
  'split_purchase',
  'i_purchased_them',
  'i_lent_them',
  'they_lent_me',
  'deposit',
  'payback',
  'comment',
];

export interface Draft {
  kind: OperationKind;
  amount: string;
  currency: string;
  /** The operation's day, YYYY-MM-DD in the user's time zone. */
  date: string;
  description: string;
  /** A comment's text. */
  text: string;
  /** Who pays: the buyer, the receiver of a deposit, the lender of 'they lent me', the sender of a payback. */
  payer: number | null;
  /** The recipient of a payback. */
  recipient: number | null;
  /** The people sharing (purchases, deposit) or borrowing ('i lent them'), in picking order. */
  people: number[];
  /** Explicit parts by uid, as typed; empty means an equal part of what is left. */
  parts: Record<number, string>;
  /** Several payers with what each paid; null when one person (`payer`) paid it all. */
  payers: PayerLine[] | null;
  /** How parts are typed where the kind has them: amounts, shares or percentages. */
  mode: PartsMode;
  /** Shares or percentages by uid, as typed. */
  weights: Record<number, string>;
}

export type Field = 'amount' | 'payer' | 'payers' | 'recipient' | 'people' | 'text' | 'date' | 'description' | `part-${number}`;
export type Errors = Partial<Record<Field, ErrorCode>>;

/** How each kind asks for people. */
export interface KindShape {
  /** 'pick': a payer picker; 'me': the author pays, no picker; 'lender': someone else lent me; 'none': comment. */
  payer: 'pick' | 'me' | 'lender' | 'none';
  /** 'many': a people picker; 'others': the picker without me; 'one': a single recipient; 'none'. */
  people: 'many' | 'others' | 'one' | 'none';
  /** Explicit parts per person may be typed (the rest is split equally). */
  parts: boolean;
  money: boolean;
}

export const KIND_SHAPE: Record<OperationKind, KindShape> = {
  even_purchase: { payer: 'pick', people: 'many', parts: false, money: true },
  split_purchase: { payer: 'pick', people: 'many', parts: true, money: true },
  i_purchased_them: { payer: 'me', people: 'others', parts: true, money: true },
  i_lent_them: { payer: 'me', people: 'others', parts: true, money: true },
  they_lent_me: { payer: 'lender', people: 'none', parts: false, money: true },
  deposit: { payer: 'pick', people: 'many', parts: true, money: true },
  payback: { payer: 'pick', people: 'one', parts: false, money: true },
  comment: { payer: 'none', people: 'none', parts: false, money: false },
};

export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

export interface DraftContext {
  me: number;
  /** Everyone in the event, me first. */
  everyone: readonly number[];
  eventCurrency: string;
  /**
   * The currency of the last operation I wrote in this event, which a new one starts in; absent
   * when there is none the app can price, then the event's (decision 0063).
   */
  lastCurrency?: string;
}

/**
 * The currency of my newest operation with an amount in a feed (newest first): the one a new
 * operation in the same event starts in, so a trip abroad is entered in the local money once.
 */
export function lastCurrencyOf(ops: readonly Operation[], me: number): string | undefined {
  return ops.find((op) => op.kind !== 'comment' && !op.deleted && op.details.author === me)?.details.original_currency;
}

/** A new draft of a kind with the defaults people expect: I pay, everybody shares, in the event's currency or the one I used last there. */
export function newDraft(kind: OperationKind, ctx: DraftContext, keep?: Partial<Draft>): Draft {
  const others = ctx.everyone.filter((uid) => uid !== ctx.me);
  const people = kind === 'i_purchased_them' ? others : KIND_SHAPE[kind].people === 'many' && kind !== 'i_lent_them' ? [...ctx.everyone] : [];
  return {
    kind,
    amount: keep?.amount ?? '',
    currency: keep?.currency ?? ctx.lastCurrency ?? ctx.eventCurrency,
    date: keep?.date ?? today(),
    description: keep?.description ?? '',
    text: keep?.text ?? '',
    payer: kind === 'they_lent_me' ? null : ctx.me,
    recipient: null,
    people,
    parts: {},
    payers: null,
    mode: 'exact',
    weights: {},
  };
}

/** Kinds whose form offers several payers: the purchases with a payer to pick, and the deposit. */
export function offersSeveralPayers(kind: OperationKind): boolean {
  return MULTI_PAYER_KINDS.has(kind) && KIND_SHAPE[kind].payer === 'pick';
}

/** Switching kind keeps what was typed that still makes sense (amount, currency, date, description). */
export function switchKind(draft: Draft, kind: OperationKind, ctx: DraftContext): Draft {
  if (kind === draft.kind) return draft;
  const next = newDraft(kind, ctx, { amount: draft.amount, currency: draft.currency, date: draft.date, description: draft.description, text: draft.text });
  // Between an even and a split purchase only the way of dividing changes: who paid and who shares stay.
  const purchases: readonly OperationKind[] = ['even_purchase', 'split_purchase'];
  if (purchases.includes(draft.kind) && purchases.includes(kind)) return { ...next, payer: draft.payer, payers: draft.payers, people: draft.people };
  return next;
}

/**
 * Money text typed for one currency, carried to another. Only decimals that say nothing are cut
 * ('12.00' RUB becomes '12' JPY); any other digit stays, so the form says the amount does not fit
 * the new currency instead of quietly saving a different one ('12.50' is never 12 yen, nor 1250).
 */
export function fitToCurrency(text: string, currency: string): string {
  const exponent = currencyExponent(currency);
  const m = /^(\d*)([.,]?)(\d*)$/.exec(text);
  if (!m) return text;
  const [, int = '', sep = '', frac = ''] = m;
  if (frac.length <= exponent || !/^0*$/.test(frac.slice(exponent))) return text;
  const kept = frac.slice(0, exponent);
  return kept ? `${int}${sep}${kept}` : int;
}

export interface Remainder {
  /** Minor units left after the explicit parts (negative when they exceed the amount). */
  left: number;
  /** People without an explicit part, who share what is left equally. */
  open: number[];
  /** Each open person's equal part, in ascending uid order of the leftover units. */
  each: Map<number, number>;
}

/** The split purchase's live remainder: the amount minus the explicit parts typed so far. */
export function remainderOf(draft: Draft, people: readonly number[]): Remainder | null {
  const amount = parseMoneyInput(draft.amount, draft.currency);
  if (!amount.ok) return null;
  let explicit = 0;
  const open: number[] = [];
  for (const uid of people) {
    const text = draft.parts[uid]?.trim() ?? '';
    if (text === '') {
      open.push(uid);
      continue;
    }
    const part = parseMoneyInput(text, draft.currency, { allowZero: true });
    if (!part.ok) return null;
    explicit += part.minor;
  }
  const left = amount.minor - explicit;
  const each = left > 0 && open.length > 0 ? splitEqually(left, open) : new Map<number, number>();
  return { left, open, each };
}

/** The people a kind's picker means: 'others' kinds never include me. */
export function chosenPeople(draft: Draft, me: number): number[] {
  const shape = KIND_SHAPE[draft.kind];
  if (shape.people === 'others') return draft.people.filter((uid) => uid !== me);
  if (shape.people === 'many') return draft.people;
  return [];
}

/** Every rule of specification §5 the form can check before asking the server. */
export function validate(draft: Draft, me: number): Errors {
  const errors: Errors = {};
  const shape = KIND_SHAPE[draft.kind];
  if (draft.description.length > DESCRIPTION_MAX) errors.description = 'validation_failed';
  if (draft.kind === 'comment') {
    if (!draft.text.trim()) errors.text = 'required_field';
    else if (draft.text.length > COMMENT_MAX) errors.text = 'validation_failed';
    return errors;
  }
  const amount = parseMoneyInput(draft.amount, draft.currency);
  if (!amount.ok) errors.amount = amount.code;
  if (!draft.date) errors.date = 'required_field';

  const several = draft.payers !== null && offersSeveralPayers(draft.kind);
  if (several) {
    const paid = paymentsOf(draft.payers ?? [], draft.amount, draft.currency);
    if (paid.error) errors.payers = paid.error;
  } else if (shape.payer === 'pick' || shape.payer === 'lender') {
    if (draft.payer === null) errors.payer = 'sender_or_recipient_required';
    else if (shape.payer === 'lender' && draft.payer === me) errors.payer = 'sender_recipient_same';
  }

  if (draft.kind === 'payback') {
    if (draft.recipient === null) errors.recipient = 'sender_or_recipient_required';
    else if (draft.payer !== null && draft.recipient === draft.payer) errors.recipient = 'sender_recipient_same';
    return errors;
  }

  const people = chosenPeople(draft, me);
  if (shape.people === 'many' || shape.people === 'others') {
    const involved = new Set(people);
    if (draft.kind === 'even_purchase' || draft.kind === 'split_purchase') {
      for (const payer of several ? (draft.payers ?? []).map((l) => l.uid) : [draft.payer]) if (payer !== null) involved.add(payer);
      if (people.length === 0 || involved.size < 2) errors.people = 'participants_too_few';
    } else if (people.length === 0) {
      errors.people = 'participants_too_few';
    }
  }

  if (shape.parts && !errors.people && draft.mode !== 'exact') {
    const weighted = weightedParts(people, draft.weights, draft.mode, draft.amount, draft.currency);
    for (const uid of weighted.bad) errors[`part-${uid}`] = 'validation_failed';
    if (weighted.error && weighted.bad.length === 0) errors.people = weighted.error;
  } else if (shape.parts && !errors.people) {
    let badPart = false;
    for (const uid of people) {
      const text = draft.parts[uid]?.trim() ?? '';
      if (text === '') continue;
      const part = parseMoneyInput(text, draft.currency, { allowZero: true });
      if (!part.ok) {
        errors[`part-${uid}`] = part.code;
        badPart = true;
      }
    }
    if (!badPart && amount.ok) {
      const rest = remainderOf(draft, people);
      if (rest && rest.left < 0) errors.people = 'remainder_negative';
      else if (rest && rest.open.length === 0 && rest.left !== 0) errors.people = 'parts_do_not_sum';
    }
  }
  return errors;
}

export function hasErrors(errors: Errors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * When the operation happened: now for today (so the feed orders it by the minute), else midday
 * of the chosen day in the user's zone, which stays that calendar day for the statistics.
 */
export function operationDate(day: string, now = dayjs()): string {
  if (day === now.format('YYYY-MM-DD')) return now.toISOString();
  return dayjs(`${day}T12:00:00`).format('YYYY-MM-DDTHH:mm:ssZ');
}

function major(text: string, currency: string): number {
  const parsed = parseMoneyInput(text, currency, { allowZero: true });
  if (!parsed.ok) throw new Error(`invalid amount ${text}`);
  return fromMinor(parsed.minor, currency);
}

/**
 * The POST /operation/ (or PUT) body of a valid draft. `originalDate`: the edited operation's own
 * time, kept while its day is unchanged, so an edit of the amount does not also move it in time.
 */
export function toBody(draft: Draft, eventId: number, me: number, originalDate?: string): CreateOperationBody {
  const description = draft.description.trim();
  if (draft.kind === 'comment') {
    return { event_id: eventId, details: { kind: 'comment', text: draft.text.trim(), description: '' }, participants: [] };
  }
  const details: CreateOperationBody['details'] = {
    kind: draft.kind,
    amount: major(draft.amount, draft.currency),
    currency: draft.currency,
    description,
    date: originalDate !== undefined && dayjs(originalDate).format('YYYY-MM-DD') === draft.date ? originalDate : operationDate(draft.date),
  };
  const shape = KIND_SHAPE[draft.kind];
  if (shape.payer === 'pick' || shape.payer === 'lender') details.payer = draft.payer;
  if (draft.payers !== null && offersSeveralPayers(draft.kind)) {
    const paid = paymentsOf(draft.payers, draft.amount, draft.currency);
    details.payers = paid.lines.map((l) => ({ uid: l.uid as number, amount: fromMinor(l.minor ?? 0, draft.currency) }));
    details.payer = details.payers[0]?.uid ?? draft.payer;
  }
  let participants: CreateOperationBody['participants'] = [];
  if (draft.kind === 'payback') {
    participants = draft.recipient === null ? [] : [{ uid: draft.recipient }];
  } else if (shape.parts && draft.mode !== 'exact') {
    const mode = draft.mode;
    details.split = mode;
    participants = chosenPeople(draft, me).map((uid) => ({ uid, weight: (typedWeight(draft.weights[uid] ?? '', mode) ?? 0) / WEIGHT_SCALE }));
  } else if (shape.people !== 'none') {
    participants = chosenPeople(draft, me).map((uid) => {
      const text = shape.parts ? (draft.parts[uid]?.trim() ?? '') : '';
      return text ? { uid, amount: major(text, draft.currency) } : { uid };
    });
  }
  return { event_id: eventId, details, participants };
}

/** Money as an input shows it: the plain number, no grouping ('3200', '12.5'). */
function moneyText(amount: number | null): string {
  return amount === null ? '' : String(amount);
}

/** What a draft is made from: an operation as entered, from the server or from the offline queue. */
interface EnteredView {
  kind: OperationKind;
  amount: number | null;
  currency: string;
  date: string;
  description: string;
  text: string;
  payer: number | null;
  entered: EnteredSplit;
}

function draftOfView(op: EnteredView, ctx: DraftContext): Draft {
  const base = newDraft(op.kind, ctx);
  const { entered } = op;
  const weighted = entered.split === 'shares' || entered.split === 'percent';
  const draft: Draft = {
    ...base,
    amount: op.kind === 'comment' ? '' : moneyText(op.amount),
    currency: op.currency,
    date: dayjs(op.date).format('YYYY-MM-DD'),
    description: op.description,
    text: op.text,
    payer: op.payer,
    people: entered.parts.map((p) => p.uid),
    parts: weighted ? {} : Object.fromEntries(entered.parts.filter((p) => p.amount !== null).map((p) => [p.uid, moneyText(p.amount)])),
    payers: entered.payers.length > 1 ? entered.payers.map((p) => ({ uid: p.uid, amount: moneyText(p.amount) })) : null,
    mode: weighted ? (entered.split as PartsMode) : 'exact',
    weights: weighted ? Object.fromEntries(entered.parts.map((p) => [p.uid, p.weight === null ? '' : String(p.weight)])) : {},
  };
  if (op.kind === 'payback') {
    draft.recipient = entered.parts.find((p) => p.uid !== op.payer)?.uid ?? null;
    draft.people = [];
  }
  return draft;
}

/**
 * The draft an edit starts from: the operation as it was entered (its own currency and amounts,
 * payers, mode and parts), on its own day.
 */
export function draftOf(op: Operation, ctx: DraftContext): Draft {
  const d = op.details;
  return draftOfView(
    {
      kind: op.kind,
      amount: d.original_amount,
      currency: d.original_currency,
      date: d.date,
      description: d.description,
      text: d.text,
      payer: d.payer,
      entered: op.entered,
    },
    ctx,
  );
}

/** The draft of an operation waiting on this device to be sent: the request it will send, back as fields. */
export function draftOfBody(body: CreateOperationBody, ctx: DraftContext): Draft {
  const d = body.details;
  const parts = body.participants.map((p) => ({ uid: p.uid, amount: p.amount ?? null, weight: p.weight ?? null }));
  return draftOfView(
    {
      kind: d.kind,
      amount: d.amount ?? null,
      currency: d.currency ?? ctx.eventCurrency,
      date: d.date ?? new Date().toISOString(),
      description: d.description,
      text: d.text ?? '',
      payer: d.payers?.[0]?.uid ?? d.payer ?? ctx.me,
      entered: { payers: d.payers ?? [], split: d.split ?? null, parts },
    },
    ctx,
  );
}
