/**
 * Import files built to be expensive (decision 0061 and the import's own shape check): megabytes
 * of commas, and millions of one-character lines, sent to the preview by two clients in a loop
 * while an unrelated person reads their events. Each must be refused, and the read keep its pace.
 */
import type { AttackScenario, Finding } from '../scenario';
import { readHeld, readUnderAttack } from '../unrelated-read';

const FILES: Record<string, string> = {
  '4.9 MB of commas': `Date,Description,Cost,Currency,${','.repeat(4_900_000)}`,
  '2.4 million tiny lines': `Date,Description,Category,Cost,Currency,A,B\n${'x\n'.repeat(2_400_000)}`,
};

const scenario: AttackScenario = {
  name: 'import-files',
  async run(ctx) {
    const findings: Finding[] = [];
    const attacker = await ctx.signUp({ firstName: 'Importer' });
    const reader = await ctx.signUp({ firstName: 'Reader' });
    await ctx.call(reader.token, 'POST', '/v1/event/', { event_name: 'Flat', contacts: [] });
    for (const [what, file] of Object.entries(FILES)) {
      // Encoded once, as a browser would send it: the runner shares its process with the reader.
      const body = new Blob([JSON.stringify({ file })]);
      const answers = new Map<string, number>();
      const send = async () => {
        const res = await fetch(`${ctx.url}/app/api/v1/import/preview/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${attacker.token}` },
          body,
        });
        const code = ((await res.json().catch(() => ({}))) as { code?: string }).code ?? String(res.status);
        answers.set(code, (answers.get(code) ?? 0) + 1);
      };
      const r = await readUnderAttack(ctx, { token: reader.token, path: '/v1/event/' }, send, { attackers: 2, seconds: 5 });
      const refused = [...answers.keys()].every((code) => code === 'import_unreadable' || code === 'import_too_big');
      findings.push({
        attack: `an import preview of ${what}, 2 clients looping`,
        held: refused && readHeld(r),
        figures: { ...r, answers: [...answers].map(([code, n]) => `${n}×${code}`).join(' ') },
      });
    }
    return findings;
  },
};

export default scenario;
