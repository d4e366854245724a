/**
 * Reads begun before the screen that will ask for them has drawn (decision 0056). A returning user
 * opening an event waited for the app to start, then for their profile, then for the screen to
 * draw, before the event's reads even left; begun with the app's own, they are on their way or
 * back by the time the screen asks. The screen's own call takes the answer instead of asking again:
 * same path, same parameters, same signed-in user, once, and only soon after it was begun. Any
 * write forgets them all, so nothing read before a change is shown after it.
 */

/** How long a read begun early waits for its screen: a screen the user is waiting for asks within a second or two. */
export const EARLY_READ_MS = 10_000;

interface EarlyRead {
  token: string;
  at: number;
  answer: Promise<unknown>;
}

const reads = new Map<string, EarlyRead>();

/** `key` is the read's readKey (./api-paths.ts). */
export function keepEarlyRead(key: string, token: string, answer: Promise<unknown>): void {
  // A read nobody takes must not report an unhandled rejection.
  answer.catch(() => undefined);
  reads.set(key, { token, at: Date.now(), answer });
}

/** The answer of a read begun early under this key for this user, handed over once; null otherwise. */
export function takeEarlyRead(key: string, token: string): Promise<unknown> | null {
  const read = reads.get(key);
  if (!read) return null;
  reads.delete(key);
  return read.token === token && Date.now() - read.at < EARLY_READ_MS ? read.answer : null;
}

export function forgetEarlyReads(): void {
  reads.clear();
}
