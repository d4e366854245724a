import type { PGlite, Transaction } from '@electric-sql/pglite';

export type Query = PGlite['query'];

/**
 * Puts `wrap` around every statement drizzle sends the embedded client, in a transaction or not:
 * drizzle reaches it through `query`, and inside a transaction through the transaction's `query`.
 * `wrap` is told the transaction a statement runs in, or null.
 */
export function wrapStatements(client: PGlite, wrap: (query: Query, tx: Transaction | null) => Query): void {
  client.query = wrap(client.query.bind(client), null);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      // The transaction's other members (its `closed` getter among them) stay the original's.
      const wrapped = Object.create(tx) as Transaction;
      wrapped.query = wrap(tx.query.bind(tx) as Query, tx);
      return fn(wrapped);
    })) as PGlite['transaction'];
}
