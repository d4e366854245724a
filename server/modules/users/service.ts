import type { ChangePasswordRequest, UpdateUserRequest, User } from '../../../common/contract/user';
import { getCurrency } from '../../../common/currencies';
import { DomainError } from '../../../common/errors';
import { fullName, normalizeName, splitFullName } from '../../../common/names';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RateLimit } from '../../lib/rate-limit';
import { giveBack, PASSWORD_CHANGE_LIMIT, reserve } from '../auth/limits';
import { checkNewPassword } from '../auth/service';
import { contactIdsOf, prunePlaceholders } from '../contacts/repository';
import { deleteImage, pictureChange, pictureUrl } from '../images/service';
import { revokeAllSessions } from '../sessions/service';
import { acceptInvitation, applyFamily, dropInvitation, familyView, leaveFamily, planFamily } from './family';
import { invitationsView } from './family-invitations';
import { eraseAccount, findUser, setPasswordHash, updateProfile, type ProfilePatch, type UserRow } from './repository';

export function toUser(row: UserRow): User {
  return {
    user: row.id,
    full_name: row.fullName,
    first_name: row.firstName,
    last_name: row.lastName,
    gender: row.gender === 'M' || row.gender === 'F' ? row.gender : null,
    currency: row.currency,
    cur_description: getCurrency(row.currency)?.en ?? row.currency,
    avatar_url: pictureUrl(row.avatarKey),
    phone: row.phone ?? '',
    is_contact_exists: true,
    registration_date: row.registeredAt?.toISOString() ?? null,
    // getMe fills these in: they take queries, and not every caller of toUser needs them.
    family: null,
    family_invitations: { received: [], sent: [] },
  };
}

async function userOrThrow(db: Db, id: number): Promise<UserRow> {
  const row = await findUser(db, id);
  // The session check already refused deleted accounts; a row gone since then is a dead session.
  if (!row) throw new DomainError('unauthorized');
  return row;
}

export async function getMe(db: Db, id: number): Promise<User> {
  const row = await userOrThrow(db, id);
  return { ...toUser(row), family: await familyView(db, id, row.currency.trim()), family_invitations: await invitationsView(db, id) };
}

/** A name part as stored: whitespace collapsed (specification §5), and no control characters, which no keyboard types. */
function namePart(value: string, field: string, required: 'first_name_required' | 'last_name_required'): string {
  const name = normalizeName(value);
  if (!name) throw new DomainError(required, field);
  if (/\p{Cc}/u.test(name)) throw new DomainError('validation_failed', field);
  return name;
}

/** The name and currency changes of a profile update; throws before anything is stored. */
function profilePatch(row: UserRow, body: UpdateUserRequest): ProfilePatch {
  const patch: ProfilePatch = {};
  if (body.first_name !== undefined || body.last_name !== undefined) {
    const first = body.first_name === undefined ? row.firstName : namePart(body.first_name, 'first_name', 'first_name_required');
    const last = body.last_name === undefined ? row.lastName : namePart(body.last_name, 'last_name', 'last_name_required');
    Object.assign(patch, { firstName: first, lastName: last, fullName: fullName(first, last) });
  } else if (body.full_name !== undefined) {
    const { first, last } = splitFullName(namePart(body.full_name, 'full_name', 'first_name_required'));
    Object.assign(patch, { firstName: first, lastName: last, fullName: fullName(first, last) });
  }
  if (body.gender !== undefined) patch.gender = body.gender;
  if (body.currency !== undefined) {
    const code = body.currency.trim().toUpperCase();
    if (!getCurrency(code)) throw new DomainError('currency_unknown', 'currency');
    patch.currency = code;
  }
  return patch;
}

/**
 * PUT /v2/user/me/. Everything is checked before anything is stored, so a refused request
 * changes nothing. A replaced avatar's image is deleted: avatars are never shared.
 */
export async function updateMe(db: Db, id: number, body: UpdateUserRequest): Promise<User> {
  const row = await userOrThrow(db, id);
  const patch = profilePatch(row, body);
  // Before the avatar is stored, so a refused family leaves no picture behind.
  const family = await planFamily(db, id, body.family);
  const avatar = await pictureChange(db, body.avatar_url, row.avatarImageId, id, 'avatar_url');
  if (avatar !== undefined) patch.avatarImageId = avatar;
  const replaced = patch.avatarImageId !== undefined && row.avatarImageId !== null ? row.avatarImageId : null;
  await db.transaction(async (tx) => {
    await updateProfile(tx, id, patch);
    if (replaced !== null) await deleteImage(tx, replaced);
    await applyFamily(tx, id, family);
  });
  return getMe(db, id);
}

/** DELETE /v2/user/me/: signs the person out everywhere and erases the account (docs/decisions/0002-accounts.md). */
export async function deleteMe(db: Db, id: number, now: Date): Promise<void> {
  const row = await userOrThrow(db, id);
  await db.transaction(async (tx) => {
    await leaveFamily(tx, id);
    const book = await contactIdsOf(tx, id);
    await eraseAccount(tx, id, now);
    // Phones only this person had added, with no account and nothing else to them, go with the book.
    await prunePlaceholders(tx, book);
    if (row.avatarImageId !== null) await deleteImage(tx, row.avatarImageId);
    await revokeAllSessions(tx, id);
  });
}

/**
 * POST /v2/user/password/. A wrong old password counts as a failed login, so a borrowed session
 * cannot be used to guess the password at leisure. Every other session ends; the caller's stays.
 */
export async function changePassword(db: Db, now: Clock, id: number, token: string, body: ChangePasswordRequest): Promise<void> {
  if (!body.old_password) throw new DomainError('required_field', 'old_password');
  checkNewPassword(body.password);
  const row = await userOrThrow(db, id);
  const at = now();
  const attempt: [RateLimit, string] = [PASSWORD_CHANGE_LIMIT, String(id)];
  if ((await reserve(db, at, attempt)).over) throw new DomainError('too_many_login_attempts', 'old_password');
  if (!(await verifyPassword(row.passwordHash, body.old_password))) throw new DomainError('old_password_incorrect', 'old_password');
  await giveBack(db, at, attempt);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, id, passwordHash);
    await revokeAllSessions(tx, id, token);
  });
}

/** POST /v1/user/family/invitations/{id}/accept/: joins the family; answers the new profile. */
export async function acceptFamilyInvitation(db: Db, id: number, invitation: number): Promise<User> {
  try {
    await db.transaction((tx) => acceptInvitation(tx, id, invitation));
  } catch (err) {
    // An invitation that can no longer be kept is dropped, so it stops being offered.
    if (err instanceof DomainError && err.code === 'family_invitation_gone') await db.transaction((tx) => dropInvitation(tx, id, invitation));
    throw err;
  }
  return getMe(db, id);
}

/** DELETE /v1/user/family/invitations/{id}/: declined or withdrawn; answers the new profile. */
export async function dropFamilyInvitation(db: Db, id: number, invitation: number): Promise<User> {
  await db.transaction((tx) => dropInvitation(tx, id, invitation));
  return getMe(db, id);
}
