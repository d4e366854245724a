import type { PGlite } from '@electric-sql/pglite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { wrapStatements, type Query } from './pglite-statements';

/**
 * The embedded database runs each statement synchronously on the thread that serves HTTP, and
 * hands results back as promises: with many requests waiting for it, one statement's end starts
 * the next without the event loop ever getting a turn. The server then reads no request and
 * accepts no connection for hundreds of milliseconds at a time, and some connections waited
 * seconds while later ones were answered (decision 0042). Letting the event loop turn before
 * each statement bounds that wait by one statement per waiting request.
 */
export function takeTurns(client: PGlite): void {
  wrapStatements(
    client,
    (query) =>
      (async (...args: Parameters<Query>) => {
        await nextTurn();
        return query(...args);
      }) as Query,
  );
}
