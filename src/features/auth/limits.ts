/**
 * The numbers of common/contract/auth.ts that screens check before calling the server. They are
 * restated because importing the contract module brings zod (about 24 kB gzip) into the auth
 * screens; limits.test.ts fails the moment the two disagree.
 */
export const CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 5;
