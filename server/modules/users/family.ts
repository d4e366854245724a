/**
 * User-level families (DESIGN §4, docs/decisions/0006-people-and-families.md): a head and at most
 * five members, one family per person, `users.family_id` pointing at `families`. The head changes
 * the family through PUT /v2/user/me/ `family`; a member can only quit; the head's quitting deletes
 * it for everyone. A family exists only while it has a member besides the head.
 */
import { and, eq, inArray, isNotNull, isNull, ne, notInArray, or } from 'drizzle-orm';
import { FAMILY_MEMBERS_MAX, type FamilyPayload, type UserFamily } from '../../../common/contract/user';
import { DomainError } from '../../../common/errors';
import { normalizePhone } from '../../../common/phone';
import type { Queryable } from '../../db/client';
import { families, users } from '../../db/schema';
import { insertPlaceholders, peopleByIds } from '../contacts/repository';
import { toContact } from '../contacts/service';
import { DisplayTotals, moneyList, netBalances, sumBalances } from '../people/balances';

interface Membership {
  familyId: number;
  headId: number;
}

async function membershipOf(db: Queryable, uid: number, forUpdate = false): Promise<Membership | null> {
  const query = db
    .select({ familyId: families.id, headId: families.headId })
    .from(users)
    .innerJoin(families, eq(families.id, users.familyId))
    .where(eq(users.id, uid));
  const [row] = forUpdate ? await query.for('update', { of: families }) : await query;
  return row ?? null;
}

async function memberIdsOf(db: Queryable, familyId: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.familyId, familyId));
  return rows.map((r) => r.id);
}

async function phoneOf(db: Queryable, uid: number): Promise<string> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, uid));
  if (!row) throw new DomainError('unauthorized');
  return row.phone;
}

/** What a valid family payload does; worked out before anything is stored. */
export type FamilyPlan =
  | { kind: 'none' }
  | { kind: 'dissolve'; familyId: number }
  | { kind: 'quit'; familyId: number }
  | { kind: 'set'; familyId: number | null; phones: string[] };

function phoneOrFail(text: string, field: string): string {
  const phone = normalizePhone(text);
  if (!phone) throw new DomainError('phone_incorrect', field);
  return phone;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * Checks a `family` payload of PUT /v2/user/me/ for the caller and says what it will do. Order of
 * refusals: malformed phones, then who may change the family, then its size, then members
 * already taken by another family.
 */
export async function planFamily(db: Queryable, viewer: number, payload: FamilyPayload | null | undefined): Promise<FamilyPlan> {
  if (payload === undefined) return { kind: 'none' };
  const current = await membershipOf(db, viewer);
  if (payload === null) {
    if (!current) return { kind: 'none' };
    return current.headId === viewer ? { kind: 'dissolve', familyId: current.familyId } : { kind: 'quit', familyId: current.familyId };
  }
  const head = payload.head === undefined ? null : phoneOrFail(payload.head, 'family.head');
  const memberPhones = [...new Set(payload.members.map((m) => phoneOrFail(m, 'family.members')))];
  const myPhone = await phoneOf(db, viewer);
  if (current) {
    const currentHeadPhone = await phoneOf(db, current.headId);
    const ids = (await memberIdsOf(db, current.familyId)).filter((id) => id !== current.headId);
    const currentPhones = (await peopleByIds(db, viewer, ids)).map((p) => p.phone);
    const unchanged = (head === null || head === currentHeadPhone) && sameSet(memberPhones.filter((p) => p !== currentHeadPhone), currentPhones);
    // The settings form sends its whole state with every save, a member's too.
    if (unchanged) return { kind: 'none' };
    if (current.headId !== viewer) throw new DomainError('family_not_head', 'family');
  }
  if (head !== null && head !== myPhone) throw new DomainError('family_not_head', 'family.head');
  const phones = memberPhones.filter((p) => p !== myPhone);
  if (phones.length > FAMILY_MEMBERS_MAX) throw new DomainError('family_too_big', 'family.members');
  if (phones.length === 0) return current ? { kind: 'dissolve', familyId: current.familyId } : { kind: 'none' };
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.phone, phones), current ? ne(users.familyId, current.familyId) : isNotNull(users.familyId)))
    .limit(1);
  if (taken.length > 0) throw new DomainError('family_member_taken', 'family.members');
  return { kind: 'set', familyId: current?.familyId ?? null, phones };
}

async function dissolve(tx: Queryable, familyId: number): Promise<void> {
  await tx.update(users).set({ familyId: null }).where(eq(users.familyId, familyId));
  await tx.delete(families).where(eq(families.id, familyId));
}

/** The caller leaves; a family left with its head alone is no family, so it goes too. */
async function quit(tx: Queryable, viewer: number, familyId: number): Promise<void> {
  await tx.update(users).set({ familyId: null }).where(and(eq(users.id, viewer), eq(users.familyId, familyId)));
  const [family] = await tx.select({ headId: families.headId }).from(families).where(eq(families.id, familyId));
  if (!family) return;
  const left = await memberIdsOf(tx, familyId);
  if (left.every((id) => id === family.headId)) await dissolve(tx, familyId);
}

/**
 * Carries out a plan inside the caller's transaction. The family row is locked so two saves of
 * one family run one after the other; adding members is a conditional update, so a person whom
 * another head took a moment ago fails the whole transaction instead of changing family.
 */
export async function applyFamily(tx: Queryable, viewer: number, plan: FamilyPlan): Promise<void> {
  if (plan.kind === 'none') return;
  if (plan.kind === 'dissolve' || plan.kind === 'quit') {
    const current = await membershipOf(tx, viewer, true);
    if (!current || current.familyId !== plan.familyId) throw new DomainError('conflict', 'family');
    if (plan.kind === 'dissolve') await dissolve(tx, plan.familyId);
    else await quit(tx, viewer, plan.familyId);
    return;
  }
  let familyId = plan.familyId;
  if (familyId === null) {
    const [created] = await tx.insert(families).values({ headId: viewer }).returning({ id: families.id });
    familyId = created!.id;
    const joined = await tx
      .update(users)
      .set({ familyId })
      .where(and(eq(users.id, viewer), isNull(users.familyId)))
      .returning({ id: users.id });
    // Someone made the caller a member of their family meanwhile.
    if (joined.length !== 1) throw new DomainError('family_member_taken', 'family');
  } else {
    const current = await membershipOf(tx, viewer, true);
    if (!current || current.familyId !== familyId || current.headId !== viewer) throw new DomainError('conflict', 'family');
  }
  // Phones nobody has signed up with become placeholders, as contacts do, and join when they sign up.
  await insertPlaceholders(tx, plan.phones);
  const ids = (await tx.select({ id: users.id }).from(users).where(inArray(users.phone, plan.phones))).map((r) => r.id);
  await tx
    .update(users)
    .set({ familyId: null })
    .where(and(eq(users.familyId, familyId), ne(users.id, viewer), ids.length > 0 ? notInArray(users.id, ids) : undefined));
  const added = await tx
    .update(users)
    .set({ familyId })
    .where(and(inArray(users.id, ids), or(isNull(users.familyId), eq(users.familyId, familyId))))
    .returning({ id: users.id });
  if (added.length !== ids.length) throw new DomainError('family_member_taken', 'family.members');
}

/** Account deletion (docs/decisions/0002-accounts.md): a head's family is deleted, a member quits. */
export async function leaveFamily(tx: Queryable, viewer: number): Promise<void> {
  const current = await membershipOf(tx, viewer, true);
  if (!current) return;
  if (current.headId === viewer) await dissolve(tx, current.familyId);
  else await quit(tx, viewer, current.familyId);
}

/**
 * GET /v1/user/me/ `family`: the head and the members as the caller sees them, each member's
 * balance being the caller's net balance with them, and the family `balance` their sum in the
 * caller's currency. A missing rate makes that one figure null rather than failing the profile,
 * which the app loads before anything else.
 */
export async function familyView(db: Queryable, viewer: number, currency: string): Promise<UserFamily | null> {
  const current = await membershipOf(db, viewer);
  if (!current) return null;
  const ids = await memberIdsOf(db, current.familyId);
  const rows = await peopleByIds(db, viewer, ids);
  const others = ids.filter((id) => id !== viewer);
  const { byPerson } = await netBalances(db, viewer, others);
  const contactOf = (uid: number) => {
    const row = rows.find((r) => r.id === uid);
    return row ? { ...toContact(row, viewer), balance: uid === viewer ? [] : moneyList(byPerson.get(uid)) } : null;
  };
  const head = contactOf(current.headId);
  if (!head) return null;
  const members = rows
    .filter((r) => r.id !== current.headId)
    .sort((a, b) => a.id - b.id)
    .flatMap((r) => {
      const c = contactOf(r.id);
      return c ? [c] : [];
    });
  const total = sumBalances(others.map((id) => byPerson.get(id)));
  let balance: number | null;
  try {
    balance = await new DisplayTotals(db, currency).major(total);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    balance = null;
  }
  return { id: current.familyId, head, members, is_head: current.headId === viewer, balance, currency, balances: moneyList(total) };
}
