import argon2 from 'argon2';

/** DESIGN §7: argon2id at OWASP's minimum, m=19 MiB, t=2, p=1. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The same characters typed on different systems can arrive composed or decomposed ('й' is one
 * code point or two); NFC makes them one password.
 */
const canonical = (password: string) => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(canonical(password), OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * Whether a password matches a stored hash. With no hash (unknown phone, placeholder, deleted
 * account) a dummy hash is verified anyway, so the answer takes as long as a real one and the
 * response time does not tell whether a phone has an account.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword('dummy password that never matches');
  const target = hash ?? (await dummy);
  try {
    const ok = await argon2.verify(target, canonical(password));
    return ok && hash !== null;
  } catch {
    // A hash that is not argon2 (corrupt row) matches nothing rather than failing the request.
    return false;
  }
}

/** True when a hash was made with weaker parameters than today's and should be replaced at the next login. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return true;
  }
}
