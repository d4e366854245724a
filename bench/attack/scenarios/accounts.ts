/**
 * A stranger who knows only a phone number (docs/decisions/0025-sign-in-limits.md): can they lock
 * its owner out of signing in or of restoring the password, flood it with SMS, learn whether it has
 * an account, or get more password checks than the limit by guessing in parallel? And a debtor's
 * creditor asking for payback thirty times in a row, and a stranger drafting someone into a family. The server trusts X-Forwarded-For here, so
 * one machine can speak from many addresses.
 */
import type { AttackContext, AttackScenario, Finding } from '../scenario';

const from = (address: string) => ({ 'x-forwarded-for': address });
const codeOf = (body: unknown) => (body as { code?: string }).code;

function expect200(answer: { status: number; body: unknown }): void {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${JSON.stringify(answer.body)}`);
}

function tally(statuses: number[]): string {
  const by = new Map<number, number>();
  for (const s of statuses) by.set(s, (by.get(s) ?? 0) + 1);
  return [...by]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
}

async function loginFrom(ctx: AttackContext, phone: string, password: string, address: string) {
  return ctx.call(null, 'POST', '/v2/auth/login/', { phone, password }, from(address));
}

const scenario: AttackScenario = {
  name: 'accounts',
  serverEnv: { TRUST_PROXY: 'on' },
  async run(ctx) {
    const findings: Finding[] = [];
    const victim = await ctx.signUp({ firstName: 'Vika' });

    // 1. Lock-out: 10 wrong passwords from one address (it is refused from then on, right password
    // included), 10 more from another (the phone's checks slow down), then the owner from home,
    // where they signed in before: neither refused nor kept waiting.
    expect200(await loginFrom(ctx, victim.phone, victim.password, '198.51.100.10'));
    const wrong: number[] = [];
    let started = performance.now();
    for (let i = 0; i < 10; i++) wrong.push((await loginFrom(ctx, victim.phone, `guess-${i}`, '203.0.113.1')).status);
    const stranger = await loginFrom(ctx, victim.phone, victim.password, '203.0.113.1');
    for (let i = 0; i < 10; i++) wrong.push((await loginFrom(ctx, victim.phone, `guess-b-${i}`, '203.0.113.2')).status);
    const guessing = performance.now() - started;
    started = performance.now();
    const owner = await loginFrom(ctx, victim.phone, victim.password, '198.51.100.10');
    const ownerMs = performance.now() - started;
    findings.push({
      attack: 'login lock-out by a stranger from two addresses',
      held: owner.status === 200 && stranger.status === 429 && ownerMs < 2000,
      figures: {
        guesses: wrong.length,
        answers: tally(wrong),
        guessing_ms: Math.round(guessing),
        stranger_right_password: stranger.status,
        owner: owner.status,
        owner_wait_ms: Math.round(ownerMs),
      },
    });

    // 2. Parallel guesses from one address: only the first 10 may reach the password check.
    const racer = await ctx.signUp({ firstName: 'Race' });
    const parallel = await Promise.all(Array.from({ length: 100 }, (_, i) => loginFrom(ctx, racer.phone, `parallel-${i}`, '192.0.2.50')));
    const checked = parallel.filter((a) => a.status === 401).length;
    findings.push({
      attack: '100 parallel wrong passwords from one address',
      held: checked <= 10,
      figures: { password_checks: checked, answers: tally(parallel.map((a) => a.status)) },
    });

    // 3. Account probe: made-up codes for registered and unknown phones look alike, and run out.
    const probes: { registered: boolean; status: number; code?: string }[] = [];
    started = performance.now();
    for (let i = 0; i < 300; i++) {
      const registered = i % 2 === 0;
      const phone = registered ? victim.phone : ctx.uniquePhone();
      const answer = await ctx.call(null, 'POST', `/v2/auth/password/?for=restore`, { phone, code: '123456', password: 'whatever' }, from('192.0.2.77'));
      probes.push({ registered, status: answer.status, code: codeOf(answer.body) });
    }
    const probeMs = performance.now() - started;
    const firstAnswers = probes.slice(0, 30);
    const alike = new Set(firstAnswers.map((p) => `${p.status}:${p.code}`)).size === 1;
    const refused = probes.filter((p) => p.status === 429).length;
    findings.push({
      attack: 'account-existence probe with made-up codes',
      held: alike && refused === 270,
      figures: { probes: probes.length, answers: tally(probes.map((p) => p.status)), first_30_alike: String(alike), ms: Math.round(probeMs) },
    });

    // 4. Restore blocked and SMS flood: ten restore requests from two addresses, then the owner.
    const smsBefore = ctx.logLines();
    const flood: number[] = [];
    for (let i = 0; i < 10; i++)
      flood.push((await ctx.call(null, 'POST', '/v2/auth/code/?for=restore', { phone: victim.phone }, from(`203.0.113.${100 + (i % 2)}`))).status);
    const ownRequest = await ctx.call(null, 'POST', '/v2/auth/code/?for=restore', { phone: victim.phone }, from('198.51.100.10'));
    const code = await ctx.smsCode(victim.phone, smsBefore);
    const restored = await ctx.call(
      null,
      'POST',
      '/v2/auth/password/?for=restore',
      { phone: victim.phone, code, password: 'fresh-secret' },
      from('198.51.100.10'),
    );
    findings.push({
      attack: 'restore blocked and SMS flood by a stranger',
      held: ownRequest.status === 200 && restored.status === 200,
      figures: { stranger_requests: flood.length, answers: tally(flood), owner_request: ownRequest.status, owner_restored: restored.status },
    });

    // 4b. Restore blocked by wrong codes: a stranger asks for the phone's five SMS of the hour from
    // one address and spends the last code's tries there; the owner then asks from home and types
    // the code the SMS brought.
    const spender = await ctx.signUp({ firstName: 'Spent' });
    const spentBefore = ctx.logLines();
    const asked: number[] = [];
    for (let i = 0; i < 5; i++)
      asked.push((await ctx.call(null, 'POST', '/v2/auth/code/?for=restore', { phone: spender.phone }, from('203.0.113.150'))).status);
    const tries: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await ctx.call(
        null,
        'POST',
        '/v2/auth/code/check/?for=restore',
        { phone: spender.phone, code: String(100000 + i) },
        from('203.0.113.150'),
      );
      tries.push(`${answer.status}`);
    }
    const spentOwn = await ctx.call(null, 'POST', '/v2/auth/code/?for=restore', { phone: spender.phone }, from('198.51.100.20'));
    const spentCode = await ctx.smsCode(spender.phone, spentBefore);
    const spentRestore = await ctx.call(
      null,
      'POST',
      '/v2/auth/password/?for=restore',
      { phone: spender.phone, code: spentCode, password: 'fresh-secret' },
      from('198.51.100.20'),
    );
    findings.push({
      attack: "a stranger's five code requests and five wrong codes from one address, then the owner restores",
      held: spentOwn.status === 200 && spentRestore.status === 200,
      figures: { stranger_requests: tally(asked), stranger_tries: tries.join('/'), owner_request: spentOwn.status, owner_restored: spentRestore.status },
    });

    // 5. Thirty payback requests in a row leave one request and one unread line.
    const creditor = await ctx.signUp({ firstName: 'Kred' });
    const debtor = await ctx.signUp({ firstName: 'Debt' });
    await ctx.call(creditor.token, 'POST', '/v1/user/contacts/', { device: 'WEB', contacts: [{ name: 'Debt', phone: debtor.phone }] });
    const event = (await ctx.call(creditor.token, 'POST', '/v1/event/', { event_name: 'Loan', contacts: [debtor.id] })).body as { id: number };
    await ctx.call(creditor.token, 'POST', '/v1/operation/', {
      event_id: event.id,
      details: { kind: 'i_lent_them', amount: 100 },
      participants: [{ uid: debtor.id }],
    });
    const asks: number[] = [];
    for (let i = 0; i < 30; i++) asks.push((await ctx.call(creditor.token, 'POST', `/v1/event/people/${debtor.id}/`, { details: 'Payback' })).status);
    const page = (await ctx.call(debtor.token, 'GET', `/v1/event/people/${creditor.id}/`)).body as { payback_requests: unknown[]; dialogue_id: number };
    const list = (await ctx.call(debtor.token, 'GET', '/v1/event/')).body as { id: number; unread_cnt: number }[];
    const unread = list.find((e) => e.id === page.dialogue_id)?.unread_cnt ?? -1;
    findings.push({
      attack: 'thirty payback requests in a row',
      held: page.payback_requests.length === 1 && unread === 1,
      figures: { asks: asks.length, answers: tally(asks), requests: page.payback_requests.length, unread },
    });
    // 6. Drafting someone into a family: the stranger's list changes nothing for the victim.
    const drafted = await ctx.signUp({ firstName: 'Drafted' });
    const realHead = await ctx.signUp({ firstName: 'Spouse' });
    const draft = await ctx.call(creditor.token, 'PUT', '/v2/user/me/', { family: { members: [drafted.phone] } });
    const afterDraft = (await ctx.call(drafted.token, 'GET', '/v1/user/me/')).body as {
      family: unknown;
      family_invitations: { received: { id: number; person: { uid: number } }[] };
    };
    await ctx.call(realHead.token, 'PUT', '/v2/user/me/', { family: { members: [drafted.phone] } });
    const invitations = ((await ctx.call(drafted.token, 'GET', '/v1/user/me/')).body as typeof afterDraft).family_invitations.received;
    const real = invitations.find((i) => i.person.uid === realHead.id);
    const joined = real ? await ctx.call(drafted.token, 'POST', `/v1/user/family/invitations/${real.id}/accept/`) : null;
    const finalFamily = ((await ctx.call(drafted.token, 'GET', '/v1/user/me/')).body as { family: { head: { uid: number } } | null }).family;
    findings.push({
      attack: 'drafting a stranger into a family',
      held: afterDraft.family === null && joined?.status === 200 && finalFamily?.head.uid === realHead.id,
      figures: {
        draft: draft.status,
        victim_family_after_draft: afterDraft.family === null ? 'none' : 'changed',
        real_family_join: joined?.status ?? 'no invitation',
      },
    });
    return findings;
  },
};

export default scenario;
