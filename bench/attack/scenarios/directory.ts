/**
 * Harvesting through the contact upload: a stranger uploads phone numbers in batches of 500 to
 * learn who owns them (their own names and pictures), past the limit phone searches have; then
 * through family invitations, which must count against the same limit and show nothing more; and
 * by putting a stranger's phone into an event, which is not having met them.
 */
import type { AttackScenario, Finding } from '../scenario';

const scenario: AttackScenario = {
  name: 'directory',
  async run(ctx) {
    const findings: Finding[] = [];
    const victim = await ctx.signUp({ firstName: 'Secret', lastName: 'Owner' });
    const harvester = await ctx.signUp({ firstName: 'Harry' });

    const statuses: number[] = [];
    let leaked = false;
    let accepted = 0;
    const started = performance.now();
    for (let batch = 0; batch < 5; batch++) {
      const contacts = Array.from({ length: 500 }, (_, i) => ({ name: '', phone: batch === 0 && i === 0 ? victim.phone : ctx.uniquePhone() }));
      const answer = await ctx.call(harvester.token, 'POST', '/v1/user/contacts/', { device: 'WEB', contacts });
      statuses.push(answer.status);
      if (answer.status === 200) {
        accepted += contacts.length;
        if (JSON.stringify(answer.body).includes('Secret')) leaked = true;
      }
    }
    findings.push({
      attack: 'phone book upload as a directory of names',
      held: !leaked,
      figures: {
        uploads: statuses.length,
        answers: statuses.join('/'),
        phones_accepted: accepted,
        own_name_shown: String(leaked),
        ms: Math.round(performance.now() - started),
      },
    });
    findings.push({ attack: 'uploads past the lookup limit', held: accepted <= 1000 && statuses.includes(429), figures: { phones_accepted: accepted } });

    const search = await ctx.call(harvester.token, 'GET', `/v1/user/search/?phone=${encodeURIComponent(ctx.uniquePhone())}`);
    findings.push({ attack: 'phone search once the uploads spent the budget', held: search.status === 429, figures: { status: search.status } });

    // Family invitations as a way round both: what the inviter learns, and whether they count.
    const invitations: number[] = [];
    for (let i = 0; i < 20; i++) {
      const family = { head: harvester.phone, members: Array.from({ length: 5 }, () => ctx.uniquePhone()) };
      invitations.push((await ctx.call(harvester.token, 'PUT', '/v2/user/me/', { family })).status);
    }
    findings.push({
      attack: 'family invitations once the uploads spent the lookup budget',
      held: invitations.every((s) => s === 429),
      figures: { saves: invitations.length, answers: invitations.join('/') },
    });
    const prober = await ctx.signUp({ firstName: 'Prober' });
    await ctx.call(prober.token, 'PUT', '/v2/user/me/', { family: { head: prober.phone, members: [victim.phone] } });
    const sent = JSON.stringify(((await ctx.call(prober.token, 'GET', '/v1/user/me/')).body as { family_invitations?: unknown }).family_invitations ?? null);
    findings.push({
      attack: "a family invitation to a stranger's phone, read back before they accept",
      held: !sent.includes('Secret') && !sent.includes('"is_registered":true'),
      figures: { own_name_shown: String(sent.includes('Secret')), registered_shown: String(sent.includes('"is_registered":true')) },
    });

    // Putting the stranger alone into an event, writing there, and reading every list that shows them.
    const putter = await ctx.signUp({ firstName: 'Putter' });
    const book = (await ctx.call(putter.token, 'POST', '/v1/user/contacts/', { device: 'WEB', contacts: [{ name: '', phone: victim.phone }] })).body as {
      uid: number;
      phone: string;
    }[];
    const victimUid = book.find((c) => c.phone === victim.phone)?.uid;
    const event = (await ctx.call(putter.token, 'POST', '/v1/event/', { event_name: 'Probe', contacts: [victimUid] })).body as { id: number };
    await ctx.call(putter.token, 'POST', '/v1/operation/', {
      event_id: event.id,
      details: { kind: 'even_purchase', amount: 10 },
      participants: [{ uid: putter.id }, { uid: victimUid }],
    });
    const reads = await Promise.all(
      ['/v1/event/', `/v1/event/${event.id}/`, '/v1/event/people/', '/v1/user/contacts/'].map((path) => ctx.call(putter.token, 'GET', path)),
    );
    const shown = reads.filter((r) => JSON.stringify(r.body).includes('Secret')).length;
    findings.push({
      attack: 'a stranger put alone into an event, read back from every list',
      held: reads.every((r) => r.status === 200) && shown === 0,
      figures: { lists_read: reads.length, answers: reads.map((r) => r.status).join('/'), lists_showing_own_name: shown },
    });
    return findings;
  },
};

export default scenario;
