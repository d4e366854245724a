/**
 * Strange input from a stranger (docs/api.md conventions): text no one types in every field people
 * type into, megabytes of JSON to the sign-in, a hostile X-Request-Id, and a picture just past the
 * size limit. Each must be refused
 * cleanly (400 with the right code, never 5xx) and store nothing; the request id must not be echoed.
 */
import sharp from 'sharp';
import type { AttackScenario, Finding } from '../scenario';

const HOSTILE_TEXTS: Record<string, string> = {
  nul: 'Dinner\u0000',
  'lone surrogate': 'lone \uD83D surrogate',
  'direction override': 'invoice\u202Etxt.exe',
};

/** A square one-colour picture of side × side, base64: lossless WebP keeps it under the byte limit, so only its size is at fault. */
async function squarePicture(side: number): Promise<string> {
  const png = await sharp({ create: { width: side, height: side, channels: 3, background: { r: 20, g: 120, b: 220 } } })
    .webp({ lossless: true })
    .toBuffer();
  return png.toString('base64');
}

const scenario: AttackScenario = {
  name: 'strange-input',
  async run(ctx) {
    const findings: Finding[] = [];
    const anna = await ctx.signUp({ firstName: 'Anna' });
    const boris = await ctx.signUp({ firstName: 'Boris' });
    await ctx.call(anna.token, 'POST', '/v1/user/contacts/', { device: 'WEB', contacts: [{ name: 'Boris', phone: boris.phone }] });
    const made = await ctx.call(anna.token, 'POST', '/v1/event/', { event_name: 'Trip', contacts: [boris.id] });
    const event = (made.body as { id: number }).id;

    for (const [what, text] of Object.entries(HOSTILE_TEXTS)) {
      const answers = [
        await ctx.call(anna.token, 'POST', '/v1/event/', { event_name: text, contacts: [] }),
        await ctx.call(anna.token, 'PUT', `/v1/event/${event}/`, { data: { event_name: text } }),
        await ctx.call(anna.token, 'POST', '/v1/operation/', { event_id: event, details: { kind: 'comment', text }, participants: [] }),
        await ctx.call(anna.token, 'POST', '/v1/operation/', {
          event_id: event,
          details: { kind: 'even_purchase', amount: 10, description: text },
          participants: [{ uid: anna.id }, { uid: boris.id }],
        }),
        await ctx.call(anna.token, 'POST', '/v1/user/contacts/', { device: 'WEB', contacts: [{ name: text, phone: ctx.uniquePhone() }] }),
        await ctx.call(anna.token, 'PUT', '/v2/user/me/', { first_name: text }),
      ];
      const statuses = answers.map((a) => a.status);
      const refused = answers.filter((a) => a.status === 400 && (a.body as { code?: string }).code === 'validation_failed').length;
      findings.push({ attack: `${what} in six text fields`, held: refused === answers.length, figures: { refused, statuses: statuses.join('/') } });
    }
    const feed = await ctx.call(anna.token, 'GET', `/v1/operation/?event=${event}`);
    findings.push({
      attack: 'nothing of it stored',
      held: (feed.body as { count: number }).count === 0,
      figures: { operations: (feed.body as { count: number }).count },
    });

    const size = 8 * 1024 * 1024;
    const started = performance.now();
    // Refused unread: the sender sees the 413, or a broken pipe when the connection closes before it has sent it all.
    let status: number | 'closed';
    try {
      const flood = await fetch(`${ctx.url}/app/api/v2/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"phone":"+79160000000","password":"x","x":${'['.repeat(size / 2)}${']'.repeat(size / 2)}}`,
      });
      await flood.text();
      status = flood.status;
    } catch {
      status = 'closed';
    }
    findings.push({
      attack: '8 MiB of nested JSON to the sign-in, signed out',
      held: status === 413 || status === 'closed',
      figures: { status, ms: Math.round(performance.now() - started) },
    });

    const hostileId = `<script>${'x'.repeat(4096)}</script>`;
    const health = await fetch(`${ctx.url}/app/api/v1/health/`, { headers: { 'x-request-id': hostileId } });
    const echoed = health.headers.get('x-request-id') ?? '';
    findings.push({
      attack: '4 KB X-Request-Id of HTML',
      held: echoed !== hostileId && echoed.length <= 64,
      figures: { status: health.status, echoedLength: echoed.length },
    });

    const picture = await ctx.call(anna.token, 'PUT', '/v2/user/me/', { avatar_url: await squarePicture(10_001) });
    const code = (picture.body as { code?: string }).code;
    findings.push({
      attack: '10001x10001 picture',
      held: picture.status === 400 && code === 'picture_size',
      figures: { status: picture.status, code: code ?? '' },
    });
    return findings;
  },
};

export default scenario;
