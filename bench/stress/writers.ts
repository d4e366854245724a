/** Clients that write operations into one event at once, each remembering what was acknowledged. */
import { randomUUID } from 'node:crypto';
import { rng } from '../rng';
import { call } from './http';
import { evenPurchase, type StressEvent, type StressUser } from './seed';

export interface WriteLog {
  acknowledged: number[];
  deleted: number[];
  /** Deletes sent but never answered (the server died): the operation may be live or deleted. */
  unansweredDeletes: number[];
  /** Requests cut off by the server's death: sent, never answered. */
  cutOff: number;
  /** A retried request (same idempotency key) answered with a different operation. */
  retryMismatches: number;
  /** Answers that were neither success nor the expected refusal. */
  failures: string[];
}

export function emptyLog(): WriteLog {
  return { acknowledged: [], deleted: [], unansweredDeletes: [], cutOff: 0, retryMismatches: 0, failures: [] };
}

const idOf = (body: unknown) => (body as { id: number }).id;

/**
 * One client's turn: an even purchase, sent twice at once under one key every fourth time (a
 * retry racing the original), and every third time a delete of one of its own earlier writes.
 */
export async function writeRound(base: string, user: StressUser, event: StressEvent, log: WriteLog, random: () => number, mine: number[]): Promise<void> {
  const body = evenPurchase(event, random);
  const key = randomUUID();
  const send = () => call(base, user.token, 'POST', '/v1/operation/', body, { 'idempotency-key': key });
  const answers = random() < 0.25 ? await Promise.all([send(), send()]) : [await send()];
  const created = answers.filter((a) => a.status === 201);
  for (const a of answers) if (a.status !== 201) log.failures.push(`POST ${a.status} ${JSON.stringify(a.body)}`);
  if (created.length) {
    const ids = new Set(created.map((a) => idOf(a.body)));
    if (ids.size > 1) log.retryMismatches++;
    for (const id of ids) {
      log.acknowledged.push(id);
      mine.push(id);
    }
  }
  if (mine.length > 2 && random() < 1 / 3) {
    const victim = mine.splice(Math.floor(random() * mine.length), 1)[0]!;
    log.unansweredDeletes.push(victim);
    const answer = await call(base, user.token, 'DELETE', `/v1/operation/${victim}/`);
    log.unansweredDeletes.splice(log.unansweredDeletes.indexOf(victim), 1);
    if (answer.status === 200) log.deleted.push(victim);
    else log.failures.push(`DELETE ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

/** Runs every client until `rounds` turns each, or until `stop()` says so. */
export async function runWriters(
  base: string,
  clients: StressUser[],
  event: StressEvent,
  log: WriteLog,
  { rounds = Infinity, stop = () => false, seed = 1 }: { rounds?: number; stop?: () => boolean; seed?: number },
): Promise<void> {
  await Promise.all(
    clients.map(async (user, i) => {
      const random = rng(seed * 1000 + i);
      const mine: number[] = [];
      for (let r = 0; r < rounds && !stop(); r++) {
        try {
          await writeRound(base, user, event, log, random, mine);
        } catch (err) {
          if (stop()) {
            log.cutOff++;
            return;
          }
          log.failures.push(`network: ${(err as Error).message}`);
        }
      }
    }),
  );
}
