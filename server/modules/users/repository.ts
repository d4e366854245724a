import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, users } from '../../db/schema';
import { imageKeyOf } from '../images/repository';

export type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'phone' | 'firstName' | 'lastName' | 'fullName' | 'gender' | 'currency' | 'avatarImageId' | 'registeredAt' | 'passwordHash'
> & { avatarKey: string | null };

export async function findUser(db: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      phone: users.phone,
      firstName: users.firstName,
      lastName: users.lastName,
      fullName: users.fullName,
      gender: users.gender,
      currency: users.currency,
      avatarImageId: users.avatarImageId,
      avatarKey: imageKeyOf(users.avatarImageId),
      registeredAt: users.registeredAt,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export type ProfilePatch = Partial<Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'fullName' | 'gender' | 'currency' | 'avatarImageId'>>;

export async function updateProfile(db: Queryable, id: number, patch: ProfilePatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(users).set(patch).where(eq(users.id, id));
}

export async function setPasswordHash(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/**
 * Deletes an account but keeps its row and phone, so operations it took part in keep their
 * history and show the person by phone (docs/decisions/0002-accounts.md). What the person
 * told us goes: password, names, gender, avatar, currency choice and their own contact book.
 */
export async function eraseAccount(db: Queryable, id: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash: null,
      firstName: '',
      lastName: '',
      fullName: '',
      gender: null,
      currency: sql`default`,
      avatarImageId: null,
      registeredAt: null,
      deletedAt: now,
    })
    .where(eq(users.id, id));
  await db.delete(contacts).where(eq(contacts.ownerId, id));
}
