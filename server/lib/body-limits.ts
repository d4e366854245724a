/**
 * How large a request body each kind of route reads before answering 413 payload_too_large
 * (docs/decisions/0018-body-limits.md). Fastify refuses a larger body as it arrives, before
 * parsing it, so a stranger cannot make the server parse megabytes of JSON for nothing.
 */
export const BODY_LIMITS = {
  /** Sign-up, sign-in, codes: a phone, a code and a password are well under 1 KB. */
  signedOut: 8 * 1024,
  /** Everything signed in without a picture: 500 contacts of a phone book are about 40 KB. */
  default: 256 * 1024,
  /**
   * Routes that carry a picture, all signed in (the token is checked before the body is read):
   * room for a 5 MB picture in base64, so an oversized one still gets 'Picture size is too big'.
   */
  picture: 8 * 1024 * 1024,
  /** An import: a file of up to 5 MB as a JSON string, with room for its escaping. */
  importFile: 8 * 1024 * 1024,
} as const;
