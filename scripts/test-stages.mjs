// `npm test`: every check, one stage after another, each stage's time printed as it ends, so a
// slow run (on CI or here) says where its time went. Stops at the first stage that fails.
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['types', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit, API and web tests', 'npx vitest run'],
  ['build', 'npm run build'],
  ['bundle sizes', 'node scripts/bundle-size.mjs'],
  ['end-to-end tests', 'npx playwright test'],
];

const times = [];
for (const [name, command] of STAGES) {
  const started = Date.now();
  console.log(`\n== ${name}: ${command}`);
  const { status, signal } = spawnSync(command, { shell: true, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  times.push(`${name} ${seconds} s`);
  console.log(`== ${name} took ${seconds} s`);
  if (status !== 0) {
    console.error(`== ${name} failed (${signal ?? `exit ${status}`}); stages so far: ${times.join(', ')}`);
    process.exit(status ?? 1);
  }
}
console.log(`\n== stages: ${times.join(', ')}`);
