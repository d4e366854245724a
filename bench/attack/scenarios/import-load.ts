/**
 * A real import's weight on everyone else: a participant moves in a 20,000-row Splitwise group,
 * the largest file the import takes, while an unrelated person reads their events and records an
 * expense. The import must succeed, and the others keep their pace.
 */
import type { AttackScenario, Finding } from '../scenario';
import { readHeld, readUnderAttack } from '../unrelated-read';

const ROWS = 20_000;
const NAMES = ['Anna', 'Boris', 'Vera', 'Gleb', 'Dasha'];

function splitwiseFile(): string {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const payer = i % NAMES.length;
    const effects = NAMES.map((_, j) => (j === payer ? '40.00' : '-10.00'));
    return `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},Item ${i},General,50.00,EUR,${effects.join(',')}`;
  });
  return [`Date,Description,Category,Cost,Currency,${NAMES.join(',')}`, ...rows].join('\n');
}

const scenario: AttackScenario = {
  name: 'import-load',
  async run(ctx) {
    const importer = await ctx.signUp({ firstName: 'Anna' });
    const reader = await ctx.signUp({ firstName: 'Reader' });
    const friend = await ctx.signUp({ firstName: 'Friend' });
    await ctx.call(reader.token, 'POST', '/v1/user/contacts/', { device: 'WEB', contacts: [{ name: 'Friend', phone: friend.phone }] });
    await ctx.call(reader.token, 'POST', '/v1/event/', { event_name: 'Flat', contacts: [friend.id] });
    const file = splitwiseFile();
    const people = NAMES.map((name, i) => (i === 0 ? { name, uid: importer.id } : { name, phone: ctx.uniquePhone() }));
    const outcomes: string[] = [];
    let importMs = 0;
    const importOnce = async () => {
      const started = performance.now();
      const res = await ctx.call(importer.token, 'POST', '/v1/import/', { file, event_name: `Moved in ${outcomes.length + 1}`, people });
      importMs = performance.now() - started;
      outcomes.push(String(res.status));
    };
    const r = await readUnderAttack(ctx, { token: reader.token, path: '/v1/event/' }, importOnce, { attackers: 1, seconds: 8 });
    return [
      {
        attack: `a ${ROWS.toLocaleString('en')}-row Splitwise import while another person reads`,
        held: outcomes.every((s) => s === '201') && readHeld(r),
        figures: { imports: outcomes.join('/'), last_import_ms: Math.round(importMs), ...r },
      } satisfies Finding,
    ];
  },
};

export default scenario;
