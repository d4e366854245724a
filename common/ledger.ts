import { DomainError, type ErrorCode } from './errors';
import { splitEqually, splitWithParts, type Part } from './split';

/**
 * The ledger (DESIGN §3). Every operation becomes one entry per person involved: what that person
 * put in (`paid`) and the part of the cost that is theirs (`share`), in the event currency's minor
 * units, with sum(paid) = sum(share). A balance is sum(paid - share); everything else (families,
 * the settle-up plan, statistics, who owes whom) is derived from entries, so a new kind or split
 * mode never touches those. Beside this file, by concern: ledger-currency.ts (an operation entered
 * in another currency, restated in the event currency), ledger-debts.ts (who owes whom) and
 * ledger-statistics.ts (status labels and the my-share statistics).
 */

export const OPERATION_KINDS = ['even_purchase', 'split_purchase', 'i_purchased_them', 'i_lent_them', 'they_lent_me', 'deposit', 'payback', 'comment'] as const;

export type OperationKind = (typeof OPERATION_KINDS)[number];

export function isOperationKind(value: unknown): value is OperationKind {
  return typeof value === 'string' && (OPERATION_KINDS as readonly string[]).includes(value);
}

export interface Entry {
  uid: number;
  paid: number;
  share: number;
}

export interface OperationInput {
  kind: OperationKind;
  /** Minor units of the event currency; the deposit's amount is entered positive too. */
  amount: number;
  author: number;
  /**
   * Who put the money in. The caller applies the default (the author) for purchases, deposits
   * and 'i lent them'; for 'they lent me' it is the lender and for a payback the debtor, and a
   * missing one is 'sender_or_recipient_required'.
   */
  payer?: number | null;
  /**
   * Purchases: the people sharing the cost (explicit amounts only count for split purchases,
   * 'i purchased them' and deposits; an even purchase is equal by definition).
   * 'i lent them': the borrowers. Deposit: the people the income belongs to.
   * Payback: the creditor (the payer may be listed too). 'They lent me': at most the author and
   * the lender, since the share is the author's.
   */
  participants: readonly Part[];
  /**
   * Several payers of a purchase or receivers of a deposit, each with the minor units they put in
   * (positive, adding up to `amount`). When given it replaces `payer`; 'i purchased them' must
   * still count the author among them.
   */
  payers?: readonly Payer[] | null;
}

export interface Payer {
  uid: number;
  amount: number;
}

/** The purchases: an edit may turn one into another, and nothing else changes kind. */
export const PURCHASE_KINDS: readonly OperationKind[] = ['even_purchase', 'split_purchase', 'i_purchased_them'];

/** Kinds that may have several payers: every purchase and the deposit. */
export const MULTI_PAYER_KINDS: ReadonlySet<OperationKind> = new Set(['even_purchase', 'split_purchase', 'i_purchased_them', 'deposit']);

export function hasSeveralPayers(op: Pick<OperationInput, 'payers'>): boolean {
  return (op.payers?.length ?? 0) > 0;
}

const SPENDING: ReadonlySet<OperationKind> = new Set(['even_purchase', 'split_purchase', 'i_purchased_them', 'deposit']);

/** Purchases and deposits are spending (a deposit negatively); loans and paybacks only move money. */
export function isSpending(kind: OperationKind): boolean {
  return SPENDING.has(kind);
}

/** The spending kinds, in OPERATION_KINDS order: what the my-share figures sum. */
export const SPENDING_KINDS: readonly OperationKind[] = OPERATION_KINDS.filter(isSpending);

function fail(code: ErrorCode, field?: string): never {
  throw new DomainError(code, field);
}

function requirePayer(payer: number | null | undefined): number {
  if (payer === null || payer === undefined) fail('sender_or_recipient_required', 'payer');
  if (!Number.isSafeInteger(payer)) fail('validation_failed', 'payer');
  return payer;
}

/** Purchases and loans the author makes: the payer is the author whatever the caller says. */
function requireAuthorPays(op: OperationInput): number {
  if (op.payer !== null && op.payer !== undefined && op.payer !== op.author) fail('validation_failed', 'payer');
  return op.author;
}

/**
 * Who put the money in and how much: the several payers when given (checked: distinct people,
 * each at least one minor unit, adding up to exactly the amount), otherwise `single` paying it all.
 */
function paymentsOf(op: OperationInput, single: () => number): Map<number, number> {
  if (!hasSeveralPayers(op)) return new Map([[single(), op.amount]]);
  if (!MULTI_PAYER_KINDS.has(op.kind)) fail('validation_failed', 'payers');
  const payments = new Map<number, number>();
  let sum = 0;
  for (const p of op.payers ?? []) {
    if (!Number.isSafeInteger(p.uid) || payments.has(p.uid)) fail('validation_failed', 'payers');
    if (!Number.isSafeInteger(p.amount)) fail('amount_invalid', 'payers');
    if (p.amount < 1) fail('amount_too_small', 'payers');
    sum += p.amount;
    if (!Number.isSafeInteger(sum)) fail('payers_do_not_sum', 'payers');
    payments.set(p.uid, p.amount);
  }
  if (sum !== op.amount) fail('payers_do_not_sum', 'payers');
  return payments;
}

function uidsOf(parts: readonly Part[]): number[] {
  return parts.map((p) => p.uid);
}

/**
 * The entries of one operation, sorted by uid, one per person involved. Throws DomainError with
 * the specification's codes when the operation cannot exist:
 * 'amount_invalid' / 'amount_too_small' for the amount (at least one minor unit, except comments),
 * 'participants_too_few', 'sender_or_recipient_required', 'sender_recipient_same',
 * 'remainder_negative' and 'parts_do_not_sum' for the people.
 */
export function operationEntries(op: OperationInput): Entry[] {
  if (!isOperationKind(op.kind)) fail('validation_failed', 'kind');
  if (op.kind === 'comment') return [];
  if (!Number.isSafeInteger(op.amount)) fail('amount_invalid', 'amount');
  if (op.amount < 1) fail('amount_too_small', 'amount');
  if (!Number.isSafeInteger(op.author)) fail('validation_failed', 'author');
  const uids = uidsOf(op.participants);
  if (uids.some((uid) => !Number.isSafeInteger(uid)) || new Set(uids).size !== uids.length) {
    fail('validation_failed', 'participants');
  }

  if (hasSeveralPayers(op) && !MULTI_PAYER_KINDS.has(op.kind)) fail('validation_failed', 'payers');
  let paid = new Map<number, number>();
  let shares: Map<number, number>;
  switch (op.kind) {
    case 'even_purchase':
    case 'split_purchase': {
      paid = paymentsOf(op, () => requirePayer(op.payer));
      if (new Set([...paid.keys(), ...uids]).size < 2) fail('participants_too_few', 'participants');
      shares = op.kind === 'even_purchase' ? splitEqually(op.amount, uids) : splitWithParts(op.amount, op.participants);
      break;
    }
    case 'i_purchased_them': {
      paid = paymentsOf(op, () => requireAuthorPays(op));
      if (!paid.has(op.author)) fail('validation_failed', 'payers');
      // The buyers are not among "them": a picker that lists everyone may include them.
      const others = op.participants.filter((p) => !paid.has(p.uid));
      if (others.length === 0) fail('participants_too_few', 'participants');
      shares = splitWithParts(op.amount, others);
      break;
    }
    case 'i_lent_them': {
      const lender = requireAuthorPays(op);
      if (uids.includes(lender)) fail('sender_recipient_same', 'participants');
      if (uids.length === 0) fail('participants_too_few', 'participants');
      shares = splitWithParts(op.amount, op.participants);
      paid.set(lender, op.amount);
      break;
    }
    case 'they_lent_me': {
      const lender = requirePayer(op.payer);
      if (lender === op.author) fail('sender_recipient_same', 'payer');
      if (uids.some((uid) => uid !== op.author && uid !== lender)) fail('validation_failed', 'participants');
      shares = new Map([[op.author, op.amount]]);
      paid.set(lender, op.amount);
      break;
    }
    case 'deposit': {
      const received = paymentsOf(op, () => requirePayer(op.payer));
      if (uids.length === 0) fail('participants_too_few', 'participants');
      // Parts are entered as positive money like the amount; in the ledger income is negative.
      const negated = op.participants.map((p) => (p.amount === undefined || p.amount === null ? { uid: p.uid } : { uid: p.uid, amount: -p.amount }));
      shares = splitWithParts(-op.amount, negated);
      for (const [uid, amount] of received) paid.set(uid, -amount);
      break;
    }
    case 'payback': {
      const debtor = requirePayer(op.payer);
      const creditors = uids.filter((uid) => uid !== debtor);
      if (creditors.length === 0) {
        fail(uids.length > 0 ? 'sender_recipient_same' : 'sender_or_recipient_required', 'participants');
      }
      if (creditors.length > 1) fail('validation_failed', 'participants');
      shares = new Map([[creditors[0] as number, op.amount]]);
      paid.set(debtor, op.amount);
      break;
    }
  }

  const people = [...new Set([...paid.keys(), ...shares.keys()])].sort((a, b) => a - b);
  const entries = people.map((uid) => ({ uid, paid: paid.get(uid) ?? 0, share: shares.get(uid) ?? 0 }));
  let balance = 0;
  for (const e of entries) balance += e.paid - e.share;
  if (balance !== 0) throw new Error(`ledger invariant broken for ${op.kind}: sum(paid) - sum(share) = ${balance}`);
  return entries;
}

/** Each person's balance: positive is owed to them, negative is what they owe. */
export function balancesOf(entries: Iterable<Entry>): Map<number, number> {
  const balances = new Map<number, number>();
  for (const e of entries) balances.set(e.uid, (balances.get(e.uid) ?? 0) + e.paid - e.share);
  return balances;
}

export interface FamilyGroup {
  id: number;
  members: readonly number[];
}

/**
 * A family's balance is the sum of its members' ('Whole family'). Every family appears, 0 when its
 * members owe nothing. A person in two families, or someone with a non-zero balance in none, is a
 * grouping bug upstream and would make the settle-up plan wrong, so it throws.
 */
export function familyBalances(
  balances: ReadonlyMap<number, number> | Iterable<readonly [number, number]>,
  families: readonly FamilyGroup[],
): Map<number, number> {
  const byPerson = balances instanceof Map ? (balances as ReadonlyMap<number, number>) : new Map(balances);
  const familyOf = new Map<number, number>();
  const result = new Map<number, number>();
  for (const family of families) {
    if (result.has(family.id)) throw new Error(`family ${family.id} listed twice`);
    let sum = 0;
    for (const uid of family.members) {
      if (familyOf.has(uid)) throw new Error(`user ${uid} is in families ${familyOf.get(uid)} and ${family.id}`);
      familyOf.set(uid, family.id);
      sum += byPerson.get(uid) ?? 0;
    }
    result.set(family.id, sum);
  }
  for (const [uid, balance] of byPerson) {
    if (balance !== 0 && !familyOf.has(uid)) throw new Error(`user ${uid} has a balance but no family`);
  }
  return result;
}
