import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';
import { userText } from './common';
import { contact } from './contacts';
import { moneyByCurrency } from './people';

/** The longest name part the server stores; longer input is a validation failure, not a truncation. */
export const NAME_MAX_LENGTH = 100;
/** Placeholder in `avatar_url` that the client replaces with a size such as 140x140. */
export const IMAGE_SIZE_PLACEHOLDER = '{size}';

export const gender = z.enum(['M', 'F']);

/** Specification §5 and §9: at most 5 members besides the head. */
export const FAMILY_MEMBERS_MAX = 5;

/**
 * The caller's user-level family (docs/decisions/0006-people-and-families.md). People are Contacts
 * as the caller sees them; each member's `balance` is the caller's net balance with them.
 */
export const userFamily = z.object({
  id: z.number().int(),
  /** The specification's head (uid, phone), as a Contact ('me' when the caller is the head). */
  head: contact,
  /** Everyone else in the family, the caller included when they are not the head. */
  members: z.array(contact),
  is_head: z.boolean(),
  /** The caller's net balance with the rest of the family, in the caller's currency at the latest rates; null when a rate is missing. */
  balance: z.number().nullable(),
  currency: z.string(),
  /** The same, exact, per currency. */
  balances: moneyByCurrency,
});
export type UserFamily = z.infer<typeof userFamily>;

/** A pending invitation into a family (docs/decisions/0026-family-invitations.md). */
export const familyInvitation = z.object({
  id: z.number().int(),
  /** The other person: the head who invites me (received), or the one I invited (sent). */
  person: contact,
  /** ISO 8601. */
  created: z.string(),
});
export type FamilyInvitation = z.infer<typeof familyInvitation>;

export const familyInvitations = z.object({
  received: z.array(familyInvitation),
  sent: z.array(familyInvitation),
});
export type FamilyInvitations = z.infer<typeof familyInvitations>;

export const familyInvitationParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The settings form's family: the head's phone and the members' phones. */
export const familyPayload = z.object({
  /** Defaults to the caller; anyone else is refused. */
  head: z.string().max(64).optional(),
  /** Longer than the limit is allowed here so the 6th member answers the specification's message. */
  members: z.array(z.string().max(64)).max(50),
});
export type FamilyPayload = z.infer<typeof familyPayload>;

/** The signed-in user (specification §3), from GET /v1/user/me/ and PUT /v2/user/me/. */
export const userSchema = z.object({
  user: z.number().int(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: gender.nullable(),
  currency: z.string(),
  /** The currency's English name. */
  cur_description: z.string(),
  /** '/app/img/<32 hex digits of key>/{size}.webp', or null without an avatar. */
  avatar_url: z.string().nullable(),
  /** E.164. */
  phone: z.string(),
  /** Always true for oneself: the user heads their own contact book as 'me'. */
  is_contact_exists: z.boolean(),
  /** ISO 8601. */
  registration_date: z.string().nullable(),
  /** The user's family, or null outside one. */
  family: userFamily.nullable(),
  /** Invitations into a family waiting for an answer, both ways. */
  family_invitations: familyInvitations,
});
export type User = z.infer<typeof userSchema>;

/**
 * PUT /v2/user/me/: every field optional, absent fields keep their value. Names come as
 * first_name + last_name or as full_name (split at the first space); when both come, the parts win.
 * `avatar_url` is a base64 picture (a data: prefix is tolerated), the user's current avatar URL
 * (no change), or null (remove the avatar).
 */
export const updateUserRequest = z.object({
  first_name: userText(NAME_MAX_LENGTH).optional(),
  last_name: userText(NAME_MAX_LENGTH).optional(),
  full_name: userText(2 * NAME_MAX_LENGTH + 1).optional(),
  gender: gender.nullable().optional(),
  currency: z.string().max(3).optional(),
  avatar_url: z.string().nullable().optional(),
  /**
   * The family as a whole: the head creates or changes it, null leaves it (the head's null deletes
   * it for everyone). Members removed leave at once; people added are invited and join only when
   * they accept. Sending the current family unchanged is allowed to anyone, since the settings
   * form sends its whole state.
   */
  family: familyPayload.nullable().optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** POST /v2/user/password/: change the password while signed in. */
export const changePasswordRequest = z.object({
  old_password: z.string().max(PASSWORD_MAX_LENGTH),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
