// `npm test`: every check, one stage after another, each stage's time printed as it ends, so a
// slow run (on CI or here) says where its time went. Stops at the first stage that fails.
//
// Types and lint share a stage: each keeps one core busy, so on two cores they take together about
// what lint takes alone. Their output is printed whole when each ends, not interleaved.
import { spawn } from 'node:child_process';

const STAGES = [
  [
    ['types', 'npm run typecheck'],
    ['lint', 'npm run lint'],
  ],
  [['unit, API and web tests', 'npx vitest run']],
  [['build', 'npm run build']],
  [['bundle sizes', 'node scripts/bundle-size.mjs']],
  [['end-to-end tests', 'npx playwright test']],
];

/** Runs one check; alone it prints as it goes, beside another it prints its output when it ends. */
function run(name, command, alone) {
  const started = Date.now();
  console.log(`\n== ${name}: ${command}`);
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (output.length > 0) process.stdout.write(`\n== ${name} output:\n${Buffer.concat(output).toString()}`);
      console.log(`== ${name} took ${seconds} s`);
      resolve({ name, seconds, status, signal });
    });
  });
}

const times = [];
for (const stage of STAGES) {
  const results = await Promise.all(stage.map(([name, command]) => run(name, command, stage.length === 1)));
  for (const { name, seconds } of results) times.push(`${name} ${seconds} s`);
  const failed = results.find((r) => r.status !== 0);
  if (failed) {
    console.error(`== ${failed.name} failed (${failed.signal ?? `exit ${failed.status}`}); stages so far: ${times.join(', ')}`);
    process.exit(failed.status ?? 1);
  }
}
console.log(`\n== stages: ${times.join(', ')}`);
