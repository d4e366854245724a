import { z } from 'zod';

/** Specification §5 and §9: a new password has at least 5 characters. */
export const PASSWORD_MIN_LENGTH = 5;
/** Long enough for any passphrase, short enough that nobody posts megabytes to the hasher. */
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 6;
/** How long an SMS code lives, in seconds. */
export const CODE_TTL_SECONDS = 600;

/**
 * Phones arrive as typed ('8 916 123-45-67'); the server normalises them to E.164 and answers
 * 'phone incorrect' when that fails, so the schema only bounds the length.
 */
const phone = z.string().max(64);
/**
 * The minimum length is checked by the server, not here, so a short password answers the
 * specification's 'Password is too short' rather than a generic validation failure.
 */
const password = z.string().max(PASSWORD_MAX_LENGTH);

/** What a code is for: `?for=signup` (the default) or `?for=restore`. */
export const codePurpose = z.enum(['signup', 'restore']);
export type CodePurpose = z.infer<typeof codePurpose>;
export const codePurposeQuery = z.object({ for: codePurpose.default('signup') });

/** POST /v2/auth/code/?for=… */
export const codeRequest = z.object({ phone });
export type CodeRequest = z.infer<typeof codeRequest>;
export const codeResponse = z.object({
  /** The phone the code went to, in E.164. */
  phone: z.string(),
  /** Seconds until the code expires. */
  expires_in: z.number().int(),
});
export type CodeResponse = z.infer<typeof codeResponse>;

/** POST /v2/auth/password/?for=…: sets the password of a new account, or a forgotten one. */
export const setPasswordRequest = z.object({ phone, code: z.string().max(16), password });
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

/** POST /v2/auth/code/check/?for=: is this the live code (checked as it is typed, not used). */
export const codeCheckRequest = z.object({ phone, code: z.string().max(16) });
export type CodeCheckRequest = z.infer<typeof codeCheckRequest>;

/** POST /v2/auth/login/ */
export const loginRequest = z.object({ phone, password, remember: z.boolean().default(false) });
export type LoginRequest = z.input<typeof loginRequest>;

/** A bearer token for the Authorization header. */
export const tokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

/** The answer of calls that only succeed or fail; never an empty body (the client reads that as an error). */
export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;
