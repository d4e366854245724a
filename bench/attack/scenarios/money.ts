/**
 * Money at every size (docs/decisions/0010-money-bounds.md): a participant tries to break the
 * other's reads with the largest loans the API accepts, or to use up the other's room with them
 * (decision 0062), and checks that converted operations split equally in the event currency, beside
 * explicit parts too, and show the rate they were converted with.
 */
import type { Account, AttackContext, AttackScenario, Finding } from '../scenario';
import { readHeld, readUnderAttack } from '../unrelated-read';

const HUGE = 9_999_999_999_999.99;
const MAX = 10_000_000_000;

interface Body {
  [key: string]: unknown;
}

async function eventOf(ctx: AttackContext, owner: Account, others: readonly Account[], currency: string): Promise<number> {
  const contacts = await ctx.call(owner.token, 'POST', '/v1/user/contacts/', {
    device: 'WEB',
    contacts: others.map((o, i) => ({ name: `Friend ${i + 1}`, phone: o.phone })),
  });
  if (contacts.status !== 200) throw new Error(`contacts: ${contacts.status}`);
  const made = await ctx.call(owner.token, 'POST', '/v1/event/', { event_name: 'Money', contacts: others.map((o) => o.id), eventCurrency: currency });
  if (made.status !== 201) throw new Error(`event: ${made.status} ${JSON.stringify(made.body)}`);
  return (made.body as Body).id as number;
}

const loan = (event: number, to: Account, amount: number, extra: Body = {}) => ({
  event_id: event,
  details: { kind: 'i_lent_them', amount, description: 'loan', ...extra },
  participants: [{ uid: to.id }],
});

/** Exact decimal text of kopecks as a JSON number prints it: -1050 → '-10.5'. */
function decimalText(kopecks: bigint): string {
  const sign = kopecks < 0n ? '-' : '';
  const abs = kopecks < 0n ? -kopecks : kopecks;
  const frac = (abs % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${sign}${abs / 100n}${frac ? `.${frac}` : ''}`;
}

/** Every read the overflow used to break, for one viewer: path → status. */
async function readStatuses(ctx: AttackContext, viewer: Account, event: number): Promise<Record<string, number>> {
  const paths = ['/v1/event/', `/v1/event/${event}/`, '/v1/event/people/', `/v1/operation/debts/?event=${event}`, '/v1/user/me/', `/v1/event/${event}/payout/`];
  const out: Record<string, number> = {};
  for (const p of paths) out[p] = (await ctx.call(viewer.token, 'GET', p)).status;
  return out;
}

async function overflow(ctx: AttackContext): Promise<Finding> {
  const [lender, victim] = [await ctx.signUp({ firstName: 'Lender' }), await ctx.signUp({ firstName: 'Victim' })];
  const event = await eventOf(ctx, lender, [victim], 'RUB');
  const statuses: Record<string, number> = {};
  const count = (s: number) => (statuses[String(s)] = (statuses[String(s)] ?? 0) + 1);
  let accepted = 0;
  // The largest amount a money field takes, then the largest the API accepts, ten times each.
  for (const amount of [HUGE, MAX]) {
    for (let i = 0; i < 10; i++) {
      const res = await ctx.call(lender.token, 'POST', '/v1/operation/', loan(event, victim, amount));
      count(res.status);
      if (res.status === 201) accepted += amount * 100;
    }
  }
  // One kopeck-level loan so that exactness shows in the last digit.
  const odd = await ctx.call(lender.token, 'POST', '/v1/operation/', loan(event, victim, 0.91));
  count(odd.status);
  const expectedKopecks = BigInt(Math.round(accepted)) + (odd.status === 201 ? 91n : 0n);
  const reads = {
    ...(await readStatuses(ctx, lender, event)),
    ...Object.fromEntries(Object.entries(await readStatuses(ctx, victim, event)).map(([p, s]) => [`victim ${p}`, s])),
  };
  const failed = Object.entries(reads).filter(([, s]) => s !== 200);
  const view = await ctx.call(victim.token, 'GET', `/v1/event/${event}/`);
  const shown = view.status === 200 ? ((view.body as Body).payout as number) : NaN;
  const expected = decimalText(-expectedKopecks);
  const exact = view.status === 200 && String(shown) === expected;
  const held = failed.length === 0 && exact;
  return {
    attack: 'ten loans of 9,999,999,999,999.99 RUB, then ten of the largest accepted, then every read of both people',
    held,
    figures: {
      writes: Object.entries(statuses)
        .map(([s, n]) => `${n}×${s}`)
        .join(' '),
      reads_not_200: failed.length,
      victim_balance_shown: String(shown),
      victim_balance_expected: expected,
    },
    detail: held ? undefined : `reads failing: ${failed.map(([p, s]) => `${p} ${s}`).join(', ') || 'none'}; balance ${shown} vs ${expected}`,
  };
}

async function equalParts(ctx: AttackContext): Promise<Finding> {
  const [a, b, c] = [await ctx.signUp(), await ctx.signUp(), await ctx.signUp()];
  const event = await eventOf(ctx, a, [b, c], 'RUB');
  const res = await ctx.call(a.token, 'POST', '/v1/operation/', {
    event_id: event,
    details: { kind: 'even_purchase', amount: 1, currency: 'EUR', description: 'coffee' },
    participants: [a, b, c].map((p) => ({ uid: p.id })),
  });
  const parts = res.status === 201 ? ((res.body as Body).participants as { share: number }[]).map((p) => Math.round(p.share * 100)) : [];
  const spread = parts.length ? Math.max(...parts) - Math.min(...parts) : NaN;
  const held = res.status === 201 && spread <= 1;
  return {
    attack: 'an even purchase of 1 EUR among three in a RUB event',
    held,
    figures: { status: res.status, parts_rub: parts.map((k) => (k / 100).toFixed(2)).join(' / '), spread_kopecks: spread },
    detail: held ? undefined : 'equal parts differ by more than one kopeck',
  };
}

/**
 * A stranger who knows the victim's phone puts them into events as payer and sharer of the largest
 * purchases, as many as are accepted, while the victim's friend reads their events; then the victim
 * records an ordinary expense in an event of their own.
 */
async function roomUsedUp(ctx: AttackContext): Promise<Finding> {
  const [stranger, victim, friend] = [
    await ctx.signUp({ firstName: 'Stranger' }),
    await ctx.signUp({ firstName: 'Victim' }),
    await ctx.signUp({ firstName: 'Friend' }),
  ];
  const statuses: Record<string, number> = {};
  let events = 0;
  let event = 0;
  let inEvent = 0;
  // The largest purchases first, then ever smaller ones once refused, to fill what room is left to the kopeck.
  let amount = MAX;
  const purchase = async () => {
    if (event === 0 || inEvent >= 40) {
      event = await eventOf(ctx, stranger, [victim], 'RUB');
      events += 1;
      inEvent = 0;
    }
    inEvent += 1;
    const res = await ctx.call(stranger.token, 'POST', '/v1/operation/', {
      event_id: event,
      details: { kind: 'even_purchase', amount, description: 'yours', payer: victim.id },
      participants: [{ uid: victim.id }, { uid: stranger.id }],
    });
    statuses[String(res.status)] = (statuses[String(res.status)] ?? 0) + 1;
    if (res.status !== 201 && amount > 0.01) amount = Math.max(0.01, amount / 10);
    return res.status;
  };
  const own = await eventOf(ctx, victim, [friend], 'RUB');
  const read = await readUnderAttack(ctx, { token: friend.token, path: '/v1/event/' }, purchase, { attackers: 1, seconds: 3 });
  // On to the smallest amount refused, if the loop was too slow to get there.
  for (let i = 0; i < 1000 && !(amount === 0.01 && statuses['400']); i++) await purchase();
  const mine = await ctx.call(victim.token, 'POST', '/v1/operation/', {
    event_id: own,
    details: { kind: 'even_purchase', amount: 100, description: 'groceries' },
    participants: [{ uid: victim.id }, { uid: friend.id }],
  });
  const held = mine.status === 201 && readHeld(read);
  return {
    attack: "a stranger's largest purchases naming the victim, until refused, then the victim's own expense",
    held,
    figures: {
      stranger_writes: Object.entries(statuses)
        .map(([k, n]) => `${n}×${k}`)
        .join(' '),
      events,
      victim_write: mine.status,
      ...read,
    },
    detail: held ? undefined : `the victim's own write answered ${mine.status} ${JSON.stringify(mine.body)}`,
  };
}

/** 5,040.62 USD in a RUB event, two fixed parts and eight equal ones: the equal ones within a kopeck. */
async function mixedParts(ctx: AttackContext): Promise<Finding> {
  const people: Account[] = [];
  for (let i = 0; i < 10; i++) people.push(await ctx.signUp());
  const [payer, ...rest] = people as [Account, ...Account[]];
  const event = await eventOf(ctx, payer, rest, 'RUB');
  const res = await ctx.call(payer.token, 'POST', '/v1/operation/', {
    event_id: event,
    details: { kind: 'split_purchase', amount: 5040.62, currency: 'USD', description: 'villa' },
    participants: people.map((p, i) => (i === 8 ? { uid: p.id, amount: 12.34 } : i === 9 ? { uid: p.id, amount: 987.65 } : { uid: p.id })),
  });
  const fixed = new Set([people[8]!.id, people[9]!.id]);
  const parts =
    res.status === 201
      ? ((res.body as Body).participants as { uid: number; share: number }[]).filter((p) => !fixed.has(p.uid)).map((p) => Math.round(p.share * 100))
      : [];
  const spread = parts.length ? Math.max(...parts) - Math.min(...parts) : NaN;
  const held = res.status === 201 && parts.length === 8 && spread <= 1;
  return {
    attack: '5,040.62 USD in a RUB event with two fixed parts and eight equal ones',
    held,
    figures: { status: res.status, equal_parts_rub: parts.map((k) => (k / 100).toFixed(2)).join(' / '), spread_kopecks: spread },
    detail: held ? undefined : 'equal parts differ by more than one kopeck',
  };
}

async function rateShown(ctx: AttackContext): Promise<Finding> {
  const [a, b] = [await ctx.signUp(), await ctx.signUp()];
  const event = await eventOf(ctx, a, [b], 'RUB');
  let res = await ctx.call(a.token, 'POST', '/v1/operation/', loan(event, b, 999_999_999_999, { currency: 'JPY' }));
  const first = res.status;
  let entered = 999_999_999_999;
  if (res.status !== 201) {
    // Past the per-operation bound in roubles: the largest loan in yen that fits.
    entered = 19_000_000_000;
    res = await ctx.call(a.token, 'POST', '/v1/operation/', loan(event, b, entered, { currency: 'JPY' }));
  }
  if (res.status !== 201) return { attack: 'a JPY loan into a RUB event', held: false, figures: { status: res.status }, detail: 'the loan was refused' };
  const details = (res.body as Body).details as { rate: string; amount: number };
  const [int, frac = ''] = details.rate.split('.');
  const scale = 10n ** BigInt(frac.length);
  const product = BigInt(entered) * BigInt(`${int}${frac}`) * 100n;
  const expected = (2n * product + scale) / (2n * scale);
  const shown = BigInt(Math.round(details.amount * 100));
  const held = shown === expected;
  return {
    attack: `a loan of ${entered} JPY into a RUB event: rate × amount against the amount shown`,
    held,
    figures: { first_status: first, entered_jpy: entered, rate: details.rate, amount_rub: details.amount, off_by_kopecks: String(shown - expected) },
    detail: held ? undefined : 'the rate shown is not the rate the amount was converted with',
  };
}

const scenario: AttackScenario = {
  name: 'money',
  async run(ctx) {
    return [await overflow(ctx), await roomUsedUp(ctx), await equalParts(ctx), await mixedParts(ctx), await rateShown(ctx)];
  },
};

export default scenario;
