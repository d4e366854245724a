import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';

/** The longest name part the server stores; longer input is a validation failure, not a truncation. */
export const NAME_MAX_LENGTH = 100;
/** Placeholder in `avatar_url` that the client replaces with a size such as 140x140. */
export const IMAGE_SIZE_PLACEHOLDER = '{size}';

export const gender = z.enum(['M', 'F']);

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
  /** '/app/img/12/{size}.webp', or null without an avatar. */
  avatar_url: z.string().nullable(),
  /** E.164. */
  phone: z.string(),
  /** Always true for oneself: the user heads their own contact book as 'me'. */
  is_contact_exists: z.boolean(),
  /** ISO 8601. */
  registration_date: z.string().nullable(),
  /** Filled by the families module; null until then. */
  family: z.null(),
});
export type User = z.infer<typeof userSchema>;

/**
 * PUT /v2/user/me/: every field optional, absent fields keep their value. Names come as
 * first_name + last_name or as full_name (split at the first space); when both come, the parts win.
 * `avatar_url` is a base64 picture (a data: prefix is tolerated), the user's current avatar URL
 * (no change), or null (remove the avatar).
 */
export const updateUserRequest = z.object({
  first_name: z.string().max(NAME_MAX_LENGTH).optional(),
  last_name: z.string().max(NAME_MAX_LENGTH).optional(),
  full_name: z
    .string()
    .max(2 * NAME_MAX_LENGTH + 1)
    .optional(),
  gender: gender.nullable().optional(),
  currency: z.string().max(3).optional(),
  avatar_url: z.string().nullable().optional(),
  /** Accepted so the settings form can send its whole state; families are handled by the families module. */
  family: z.unknown().optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** POST /v2/user/password/: change the password while signed in. */
export const changePasswordRequest = z.object({
  old_password: z.string().max(PASSWORD_MAX_LENGTH),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
