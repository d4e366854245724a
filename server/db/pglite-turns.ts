import type { PGlite, Transaction } from '@electric-sql/pglite';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The embedded database runs each statement synchronously on the thread that serves HTTP, and
 * hands results back as promises: with many requests waiting for it, one statement's end starts
 * the next without the event loop ever getting a turn. The server then reads no request and
 * accepts no connection for hundreds of milliseconds at a time, and some connections waited
 * seconds while later ones were answered (decision 0042). Letting the event loop turn before
 * each statement bounds that wait by one statement per waiting request.
 */
export function takeTurns(client: PGlite): void {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite['query'];
  client.transaction = (async <T>(fn: (tx: Transaction) => Promise<T>) => {
    await nextTurn();
    return transaction((tx) => {
      const turning = Object.create(tx) as Transaction;
      turning.query = async (...args) => {
        await nextTurn();
        return tx.query(...args);
      };
      return fn(turning);
    });
  }) as PGlite['transaction'];
}
