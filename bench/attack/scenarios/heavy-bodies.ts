/**
 * Heavy bodies from signed-in callers (decision 0061): the picture routes read up to 8 MiB, and
 * JSON of that size that is all brackets or numbers costs seconds to parse. Two and six clients
 * loop such bodies while an unrelated person reads their events.
 */
import type { AttackScenario, Finding } from '../scenario';
import { readHeld, readUnderAttack } from '../unrelated-read';

const SIZE = 8 * 1024 * 1024 - 1024;

// Encoded once: the runner shares its process with the reader, and must not spend its time encoding.
const BODIES: Record<string, Blob> = {
  'nested JSON': new Blob([`{"first_name":"A","x":${'['.repeat(SIZE / 2)}${']'.repeat(SIZE / 2)}}`]),
  'numbers and commas': new Blob([`{"first_name":"A","x":[${'1,'.repeat(SIZE / 2 - 16)}1]}`]),
};

const scenario: AttackScenario = {
  name: 'heavy-bodies',
  async run(ctx) {
    const findings: Finding[] = [];
    const attacker = await ctx.signUp({ firstName: 'Heavy' });
    const reader = await ctx.signUp({ firstName: 'Reader' });
    await ctx.call(reader.token, 'POST', '/v1/event/', { event_name: 'Flat', contacts: [] });
    for (const [what, body] of Object.entries(BODIES)) {
      for (const attackers of [2, 6]) {
        // A refused body's connection is closed before the rest is read: the sender sees the 400, or a broken pipe.
        const statuses = new Set<number | 'closed'>();
        const send = async () => {
          try {
            const res = await fetch(`${ctx.url}/app/api/v2/user/me/`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${attacker.token}` },
              body,
            });
            await res.text();
            statuses.add(res.status);
          } catch {
            statuses.add('closed');
          }
        };
        const r = await readUnderAttack(ctx, { token: reader.token, path: '/v1/event/' }, send, { attackers, seconds: 4 });
        findings.push({
          attack: `${what} of 8 MiB to a picture route, ${attackers} clients looping`,
          held: readHeld(r) && [...statuses].every((s) => s === 400 || s === 'closed'),
          figures: { ...r, statuses: [...statuses].join('/') },
        });
      }
    }
    return findings;
  },
};

export default scenario;
