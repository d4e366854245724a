/**
 * What the server last answered to each read, kept on this device (IndexedDB, through idb-keyval)
 * so that a signed-in person with no connection can still open their events and read them, marked
 * as offline with the time of the data. Answers are kept per session token, so a second person
 * signing in on the same device never reads the first one's; signing out forgets them all.
 */
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { readKey } from './api-paths';

interface Saved {
  at: string;
  data: unknown;
}

let store: UseStore | null | undefined;
/** Null where the browser has no IndexedDB (a private window in some browsers): nothing is kept. */
function answers(): UseStore | null {
  if (store === undefined) store = typeof indexedDB === 'undefined' ? null : createStore('dolya-answers', 'answers');
  return store;
}

/** A short tag of the token, so that answers are kept apart per session without storing it again. */
function tagOf(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16);
}

function keyOf(token: string, path: string, params?: Record<string, unknown>): string {
  return `${tagOf(token)} ${readKey(path, params)}`;
}

export async function rememberAnswer(token: string, path: string, params: Record<string, unknown> | undefined, data: unknown, at = new Date()): Promise<void> {
  const s = answers();
  if (!s) return;
  await set(keyOf(token, path, params), { at: at.toISOString(), data } satisfies Saved, s).catch(() => undefined);
}

/** The last answer to this read for this session, with when it came, or null. */
export async function recallAnswer(token: string, path: string, params?: Record<string, unknown>): Promise<Saved | null> {
  const s = answers();
  if (!s) return null;
  return (await get<Saved>(keyOf(token, path, params), s).catch(() => undefined)) ?? null;
}

export async function forgetAnswers(): Promise<void> {
  const s = answers();
  if (s) await clear(s).catch(() => undefined);
}
