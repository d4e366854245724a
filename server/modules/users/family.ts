/**
 * User-level families (DESIGN §4, docs/decisions/0006-people-and-families.md): a head and at most
 * five members, one family per person, `users.family_id` pointing at `families`. The head changes
 * the family through PUT /v2/user/me/ `family`: members left out leave at once, people added are
 * invited and join only when they accept (family-invitations.ts, decision 0026); a member can only
 * quit; the head's quitting deletes it for everyone. A family exists only while it has a member
 * besides the head.
 */
import { and, eq, isNull, ne, notInArray } from 'drizzle-orm';
import { FAMILY_MEMBERS_MAX, type FamilyPayload, type UserFamily } from '../../../common/contract/user';
import { DomainError } from '../../../common/errors';
import { normalizePhone } from '../../../common/phone';
import type { Queryable } from '../../db/client';
import { families, familyInvitations, users } from '../../db/schema';
import { peopleByIds, placePhones } from '../contacts/repository';
import { joinFamilyInSharedEvents } from '../events/repository';
import { personView } from '../contacts/service';
import { DisplayTotals, moneyList, netBalances, sumBalances } from '../people/balances';
import { deleteInvitation, invitationFor, sentInviteeIds, syncInvitations } from './family-invitations';

interface Membership {
  familyId: number;
  headId: number;
}

export async function membershipOf(db: Queryable, uid: number, forUpdate = false): Promise<Membership | null> {
  const query = db
    .select({ familyId: families.id, headId: families.headId })
    .from(users)
    .innerJoin(families, eq(families.id, users.familyId))
    .where(eq(users.id, uid));
  const [row] = forUpdate ? await query.for('update', { of: families }) : await query;
  return row ?? null;
}

export async function memberIdsOf(db: Queryable, familyId: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.familyId, familyId));
  return rows.map((r) => r.id);
}

async function phoneOf(db: Queryable, uid: number): Promise<string> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, uid));
  if (!row) throw new DomainError('unauthorized');
  // Only a person known by name alone has none, and such a person is in no family.
  return row.phone ?? '';
}

/** What a valid family payload does; worked out before anything is stored. */
export type FamilyPlan =
  | { kind: 'none' }
  | { kind: 'dissolve'; familyId: number }
  | { kind: 'quit'; familyId: number }
  /** No family and nobody named: any invitations the caller sent are withdrawn. */
  | { kind: 'withdraw' }
  | { kind: 'set'; familyId: number | null; phones: string[] };

function phoneOrFail(text: string, field: string): string {
  const phone = normalizePhone(text);
  if (!phone) throw new DomainError('phone_incorrect', field);
  return phone;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * Checks a `family` payload of PUT /v2/user/me/ for the caller and says what it will do. Order of
 * refusals: malformed phones, then who may change the family, then its size (members and people
 * invited together). Whether someone invited is free to join is checked when they accept, so an
 * invitation says nothing about the invitee's family to whoever sends it.
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
    const invited = current.headId === viewer ? await sentInviteeIds(db, viewer) : [];
    const currentPhones = (await peopleByIds(db, viewer, [...ids, ...invited])).map((p) => p.phone);
    const unchanged =
      (head === null || head === currentHeadPhone) &&
      sameSet(
        memberPhones.filter((p) => p !== currentHeadPhone),
        currentPhones,
      );
    // The settings form sends its whole state with every save, a member's too.
    if (unchanged) return { kind: 'none' };
    if (current.headId !== viewer) throw new DomainError('family_not_head', 'family');
  }
  if (head !== null && head !== myPhone) throw new DomainError('family_not_head', 'family.head');
  const phones = memberPhones.filter((p) => p !== myPhone);
  if (phones.length > FAMILY_MEMBERS_MAX) throw new DomainError('family_too_big', 'family.members');
  if (phones.length === 0) return current ? { kind: 'dissolve', familyId: current.familyId } : { kind: 'withdraw' };
  return { kind: 'set', familyId: current?.familyId ?? null, phones };
}

async function dissolve(tx: Queryable, familyId: number): Promise<void> {
  await tx.update(users).set({ familyId: null }).where(eq(users.familyId, familyId));
  await tx.delete(families).where(eq(families.id, familyId));
}

/** The caller leaves; a family left with its head alone is no family, so it goes too. */
async function quit(tx: Queryable, viewer: number, familyId: number): Promise<void> {
  await tx
    .update(users)
    .set({ familyId: null })
    .where(and(eq(users.id, viewer), eq(users.familyId, familyId)));
  const [family] = await tx.select({ headId: families.headId }).from(families).where(eq(families.id, familyId));
  if (!family) return;
  const left = await memberIdsOf(tx, familyId);
  if (left.every((id) => id === family.headId)) await dissolve(tx, familyId);
}

/**
 * Carries out a plan inside the caller's transaction. The family row is locked so two saves of
 * one family run one after the other. Nobody joins here: members left out leave, and the phones
 * that are not members yet get the head's invitation (placeholders for phones without an account,
 * which find it when they sign up); invitations to anyone else the head had invited are withdrawn.
 */
export async function applyFamily(tx: Queryable, viewer: number, plan: FamilyPlan): Promise<void> {
  if (plan.kind === 'none') return;
  if (plan.kind === 'withdraw') {
    await syncInvitations(tx, viewer, []);
    return;
  }
  if (plan.kind === 'dissolve' || plan.kind === 'quit') {
    const current = await membershipOf(tx, viewer, true);
    if (!current || current.familyId !== plan.familyId) throw new DomainError('conflict', 'family');
    if (plan.kind === 'dissolve') {
      await dissolve(tx, plan.familyId);
      await syncInvitations(tx, viewer, []);
    } else await quit(tx, viewer, plan.familyId);
    return;
  }
  if (plan.familyId !== null) {
    const current = await membershipOf(tx, viewer, true);
    if (!current || current.familyId !== plan.familyId || current.headId !== viewer) throw new DomainError('conflict', 'family');
  } else if (await membershipOf(tx, viewer, true)) {
    // Someone's invitation was accepted meanwhile, making the caller a member elsewhere.
    throw new DomainError('conflict', 'family');
  }
  // Held until the invitations are written: a placeholder pruned meanwhile would leave one naming nobody.
  const ids = (await placePhones(tx, plan.phones)).map((r) => r.id);
  let stillMembers: number[] = [];
  if (plan.familyId !== null) {
    await tx
      .update(users)
      .set({ familyId: null })
      .where(and(eq(users.familyId, plan.familyId), ne(users.id, viewer), ids.length > 0 ? notInArray(users.id, ids) : undefined));
    stillMembers = (await memberIdsOf(tx, plan.familyId)).filter((id) => id !== viewer);
    if (stillMembers.length === 0) await dissolve(tx, plan.familyId);
  }
  await syncInvitations(
    tx,
    viewer,
    ids.filter((id) => !stillMembers.includes(id)),
  );
}

/** Account deletion (docs/decisions/0002-accounts.md): a head's family is deleted, a member quits. */
export async function leaveFamily(tx: Queryable, viewer: number): Promise<void> {
  await syncInvitations(tx, viewer, []);
  await tx.delete(familyInvitations).where(eq(familyInvitations.inviteeId, viewer));
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
    return row ? Object.assign(personView(row, viewer), { balance: uid === viewer ? [] : moneyList(byPerson.get(uid)) }) : null;
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

/**
 * POST /v1/user/family/invitations/{id}/accept/: the invitee joins the inviter's family, made now
 * if the inviter had none, and settles with it in the events they already share with its members.
 * Refused when the invitee is in a family already, when the family is full, and as gone when the
 * inviter has meanwhile become someone else's member.
 */
export async function acceptInvitation(tx: Queryable, viewer: number, id: number): Promise<void> {
  const invitation = await invitationFor(tx, id, viewer);
  if (!invitation || invitation.inviteeId !== viewer) throw new DomainError('not_found');
  if (await membershipOf(tx, viewer, true)) throw new DomainError('family_already_member');
  let family = await membershipOf(tx, invitation.inviterId, true);
  // The caller drops the invitation after this transaction is rolled back.
  if (family && family.headId !== invitation.inviterId) throw new DomainError('family_invitation_gone');
  if (!family) {
    const [created] = await tx.insert(families).values({ headId: invitation.inviterId }).returning({ id: families.id });
    const joined = await tx
      .update(users)
      .set({ familyId: created!.id })
      .where(and(eq(users.id, invitation.inviterId), isNull(users.familyId)))
      .returning({ id: users.id });
    if (joined.length !== 1) throw new DomainError('conflict');
    family = { familyId: created!.id, headId: invitation.inviterId };
  }
  const members = (await memberIdsOf(tx, family.familyId)).filter((uid) => uid !== family.headId);
  if (members.length >= FAMILY_MEMBERS_MAX) throw new DomainError('family_too_big');
  const joined = await tx
    .update(users)
    .set({ familyId: family.familyId })
    .where(and(eq(users.id, viewer), isNull(users.familyId)))
    .returning({ id: users.id });
  if (joined.length !== 1) throw new DomainError('family_already_member');
  await tx.delete(familyInvitations).where(eq(familyInvitations.id, invitation.id));
  await joinFamilyInSharedEvents(tx, viewer, family.familyId, family.headId);
}

/** DELETE /v1/user/family/invitations/{id}/: the invitee declines, or the inviter withdraws. */
export async function dropInvitation(tx: Queryable, viewer: number, id: number): Promise<void> {
  const invitation = await invitationFor(tx, id, viewer);
  if (!invitation) throw new DomainError('not_found');
  await deleteInvitation(tx, invitation);
}
