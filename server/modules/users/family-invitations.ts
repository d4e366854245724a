/**
 * The rows of pending family invitations (docs/decisions/0026-family-invitations.md): who invited
 * whom, and how Settings lists them both ways. Joining on acceptance is family.ts's.
 */
import { and, desc, eq, notInArray, or } from 'drizzle-orm';
import type { FamilyInvitations } from '../../../common/contract/user';
import type { Queryable } from '../../db/client';
import { familyInvitations } from '../../db/schema';
import { countLookups } from '../contacts/lookup-limits';
import { metAmong, peopleByIds, prunePlaceholders } from '../contacts/repository';
import { toContact } from '../contacts/service';

export async function sentInviteeIds(db: Queryable, inviter: number): Promise<number[]> {
  const rows = await db.select({ id: familyInvitations.inviteeId }).from(familyInvitations).where(eq(familyInvitations.inviterId, inviter));
  return rows.map((r) => r.id);
}

/**
 * Makes the inviter's pending invitations exactly those to `invitees`: new ones added, the rest
 * withdrawn. Each new one counts as a phone looked up (contacts/lookup-limits.ts): an invitation
 * must not be a way round the limit on learning who owns which phone.
 */
export async function syncInvitations(db: Queryable, inviter: number, invitees: readonly number[], now = new Date()): Promise<void> {
  const withdrawn = await db
    .delete(familyInvitations)
    .where(and(eq(familyInvitations.inviterId, inviter), invitees.length > 0 ? notInArray(familyInvitations.inviteeId, [...invitees]) : undefined))
    .returning({ id: familyInvitations.inviteeId });
  const others = invitees.filter((id) => id !== inviter);
  if (others.length > 0) {
    const added = await db
      .insert(familyInvitations)
      .values(others.map((inviteeId) => ({ inviterId: inviter, inviteeId })))
      .onConflictDoNothing()
      .returning({ id: familyInvitations.id });
    await countLookups(db, inviter, added.length, now);
  }
  await prunePlaceholders(
    db,
    withdrawn.map((r) => r.id),
  );
}

export interface InvitationRow {
  id: number;
  inviterId: number;
  inviteeId: number;
}

/** The invitation, locked, when `viewer` sent or received it. */
export async function invitationFor(db: Queryable, id: number, viewer: number): Promise<InvitationRow | null> {
  const [row] = await db
    .select({ id: familyInvitations.id, inviterId: familyInvitations.inviterId, inviteeId: familyInvitations.inviteeId })
    .from(familyInvitations)
    .where(and(eq(familyInvitations.id, id), or(eq(familyInvitations.inviterId, viewer), eq(familyInvitations.inviteeId, viewer))))
    .for('update');
  return row ?? null;
}

export async function deleteInvitation(db: Queryable, invitation: InvitationRow): Promise<void> {
  await db.delete(familyInvitations).where(eq(familyInvitations.id, invitation.id));
  await prunePlaceholders(db, [invitation.inviteeId]);
}

/**
 * GET /v1/user/me/ `family_invitations`: newest first, each with the other person as a Contact.
 * The invitee sees who invites them; the inviter sees of an invitee they have not met only what
 * they typed (their contact name and the phone), not the name, picture and gender the invitee gave
 * themselves nor whether the phone has an account, until the invitee accepts.
 */
export async function invitationsView(db: Queryable, viewer: number): Promise<FamilyInvitations> {
  const rows = await db
    .select({
      id: familyInvitations.id,
      inviterId: familyInvitations.inviterId,
      inviteeId: familyInvitations.inviteeId,
      createdAt: familyInvitations.createdAt,
    })
    .from(familyInvitations)
    .where(or(eq(familyInvitations.inviterId, viewer), eq(familyInvitations.inviteeId, viewer)))
    .orderBy(desc(familyInvitations.id));
  if (rows.length === 0) return { received: [], sent: [] };
  const other = (r: (typeof rows)[number]) => (r.inviterId === viewer ? r.inviteeId : r.inviterId);
  const people = await peopleByIds(db, viewer, [...new Set(rows.map(other))]);
  const invitees = new Set(rows.filter((r) => r.inviterId === viewer).map((r) => r.inviteeId));
  const met = await metAmong(db, viewer, [...invitees]);
  const byId = new Map(people.map((p) => [p.id, invitees.has(p.id) && !met.has(p.id) ? { ...p, registered: false } : p]));
  const view = (r: (typeof rows)[number]) => {
    const person = byId.get(other(r));
    return person ? [{ id: r.id, person: toContact(person, viewer), created: r.createdAt.toISOString() }] : [];
  };
  return {
    received: rows.filter((r) => r.inviteeId === viewer).flatMap(view),
    sent: rows.filter((r) => r.inviterId === viewer).flatMap(view),
  };
}
