/**
 * `npm run attack [name ...]`: the hostile-user attacks of bench/attack/scenarios/ against the real
 * server on loopback (its own process, a fresh database: embedded, or a new database on the server
 * DATABASE_URL names). Prints one line per attempt with its figures, writes them to bench/results/,
 * and exits 1 when any attack was not held.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call } from '../stress/http';
import { startServer } from '../stress/server';
import { freshTarget } from '../stress/target';
import type { Account, AttackContext, AttackScenario, Finding } from './scenario';

const here = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'attack-secret';

async function loadScenarios(asked: string[]): Promise<AttackScenario[]> {
  const dir = path.join(here, 'scenarios');
  const files = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort();
  const all: AttackScenario[] = [];
  for (const file of files) all.push(((await import(path.join(dir, file))) as { default: AttackScenario }).default);
  const unknown = asked.filter((name) => !all.some((s) => s.name === name));
  if (unknown.length) throw new Error(`unknown scenario ${unknown.join(', ')}; choose from ${all.map((s) => s.name).join(', ')}`);
  return asked.length ? all.filter((s) => asked.includes(s.name)) : all;
}

function readLines(file: string): string[] {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
}

async function runScenario(scenario: AttackScenario): Promise<Finding[]> {
  const target = await freshTarget(`attack_${scenario.name.replace(/\W/g, '_')}`);
  const server = await startServer(
    { ...target.env, LOG_LEVEL: 'info', CODE_REQUESTS_PER_ADDRESS: '100000', ...scenario.serverEnv },
    `attack-${scenario.name}-${process.pid}`,
  );
  fs.writeFileSync(server.logFile, '');
  let counter = 0;
  const uniquePhone = () => `+7915${String((process.pid * 7919 + Date.now() + ++counter * 104_729) % 10_000_000).padStart(7, '0')}`;
  const logLines = () => readLines(server.logFile).length - 1;
  const smsCode = async (phone: string, afterLine: number): Promise<string> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const line = readLines(server.logFile)
        .slice(afterLine)
        .reverse()
        .find((l) => l.includes(`SMS to ${phone}:`));
      const code = line && /SMS to \+\d+: .*?\b(\d{6})\b/.exec(line)?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no SMS code for ${phone} in ${server.logFile}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const ctx: AttackContext = {
    url: server.url,
    call: (token, method, p, body, headers) => call(server.url, token ?? '', method, p, body, token ? headers : { ...headers, authorization: '' }),
    smsCode,
    logLines,
    uniquePhone,
    signUp: async (profile = {}): Promise<Account> => {
      const phone = profile.phone ?? uniquePhone();
      const before = logLines();
      const sent = await ctx.call(null, 'POST', '/v2/auth/code/?for=signup', { phone });
      if (sent.status !== 200) throw new Error(`code request for ${phone} answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      const code = await smsCode(phone, before);
      const set = await ctx.call(null, 'POST', '/v2/auth/password/?for=signup', { phone, code, password: PASSWORD });
      if (set.status !== 200) throw new Error(`sign-up of ${phone} answered ${set.status}: ${JSON.stringify(set.body)}`);
      const login = await ctx.call(null, 'POST', '/v2/auth/login/', { phone, password: PASSWORD, remember: true });
      const token = (login.body as { token?: string }).token;
      if (!token) throw new Error(`login of ${phone} answered ${login.status}: ${JSON.stringify(login.body)}`);
      const me = await ctx.call(token, 'PUT', '/v2/user/me/', {
        first_name: profile.firstName ?? 'Attack',
        last_name: profile.lastName ?? 'Subject',
        currency: 'RUB',
        gender: null,
      });
      const id = (me.body as { user?: number }).user;
      if (me.status !== 200 || typeof id !== 'number') throw new Error(`profile of ${phone} answered ${me.status}: ${JSON.stringify(me.body)}`);
      return { id, phone, password: PASSWORD, token };
    },
  };
  try {
    return await scenario.run(ctx);
  } finally {
    await server.stop();
    await target.dispose();
  }
}

async function main(): Promise<void> {
  const scenarios = await loadScenarios(process.argv.slice(2));
  const results: Record<string, Finding[]> = {};
  let broken = 0;
  for (const scenario of scenarios) {
    console.log(`\n## ${scenario.name}`);
    const findings = await runScenario(scenario);
    results[scenario.name] = findings;
    for (const f of findings) {
      if (!f.held) broken += 1;
      const figures = Object.entries(f.figures)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      console.log(`${f.held ? 'held  ' : 'BROKEN'} ${f.attack}${figures ? `  (${figures})` : ''}${f.detail ? `\n       ${f.detail}` : ''}`);
    }
  }
  const machine = `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} on ${os.cpus().length} cores`;
  console.log(`\n# ${machine}`);
  const dir = path.resolve('bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `attack-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, machine, results }, null, 2));
  console.log(`# written to ${path.relative(process.cwd(), file)}`);
  if (broken) {
    console.error(`${broken} attack(s) not held`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
