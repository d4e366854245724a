import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { freshPGlite } from '../../../tests/api/fresh-pglite';
import { takeTurns } from './pglite-turns';

const REQUESTS = 20;
const STATEMENTS_EACH = 10;

/**
 * Twenty requests under way at once, each running ten statements one after another (in a
 * transaction of its own or not): how many statements had ended when the event loop next turned.
 */
async function endedBeforeATurn(client: PGlite, inTransactions: boolean): Promise<number> {
  let ended = 0;
  const request = async (run: (text: string) => Promise<unknown>) => {
    for (let i = 0; i < STATEMENTS_EACH; i++) {
      await run('select 1');
      ended += 1;
    }
  };
  const all = Promise.all(
    Array.from({ length: REQUESTS }, () =>
      inTransactions ? client.transaction((tx) => request((text) => tx.query(text))) : request((text) => client.query(text)),
    ),
  );
  const atTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(ended)));
  await all;
  expect(ended).toBe(REQUESTS * STATEMENTS_EACH);
  return atTurn;
}

describe('the embedded database lets the event loop turn between statements', () => {
  async function client(turns: boolean) {
    const made = await freshPGlite();
    if (turns) takeTurns(made);
    return made;
  }

  it('without it, a queue of statements runs to its end before anything else gets a turn', async () => {
    // The premise: this is what kept connections waiting.
    const plain = await client(false);
    expect(await endedBeforeATurn(plain, false)).toBe(REQUESTS * STATEMENTS_EACH);
    expect(await endedBeforeATurn(plain, true)).toBe(REQUESTS * STATEMENTS_EACH);
  });

  it('with it, the event loop turns after at most one statement of each request, in and out of transactions', async () => {
    const turning = await client(true);
    expect(await endedBeforeATurn(turning, false)).toBeLessThanOrEqual(REQUESTS);
    expect(await endedBeforeATurn(turning, true)).toBeLessThanOrEqual(REQUESTS);
  });
});
