import {
  PEOPLE_PAGE_SIZE,
  type PaybackRequestResponse,
  type PeopleFamily,
  type PeopleListResponse,
  type Person,
  type PersonResponse,
  type UserSearchResponse,
} from '../../../common/contract/people';
import { isCurrencyCode } from '../../../common/currencies';
import { DomainError } from '../../../common/errors';
import { minorToDecimalString } from '../../../common/money';
import { normalizePhone, phoneSearchDigits } from '../../../common/phone';
import type { Db, Queryable } from '../../db/client';
import { hit, type RateLimit } from '../../lib/rate-limit';
import { foundPerson, nameOnlyInEventOf, peopleByIds, usersByPhones, type PersonRow } from '../contacts/repository';
import { countLookups } from '../contacts/lookup-limits';
import { personView, toContact, type PersonView } from '../contacts/service';
import { shownIn } from '../currency/service';
import { dialogueByKey, eventForParticipant } from '../events/repository';
import { dialogueKey, getOrCreateDialogue } from '../events/service';
import { addPaybackRequest, renewPaybackRequestOf } from '../operations/ledger-writer';
import { DisplayTotals, moneyList, netBalances, sumBalances, type PerCurrency } from './balances';
import { requestMeta, requestViews } from './requests';
import { familiesByIds, knowsPerson, paybackRequestsIn, type RequestRow, peopleIdsOf, sharedEventRows, type FamilyRow } from './repository';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** How balances are shown: per currency, or summed into one display currency. */
interface View {
  totals: DisplayTotals | null;
}

function viewOf(db: Queryable, currency: string | undefined): View {
  // Checked up front: someone with no balances to convert still asked for a currency that does not exist.
  if (currency !== undefined && !isCurrencyCode(currency)) throw new DomainError('currency_unknown', 'currency');
  return { totals: currency ? new DisplayTotals(db, currency) : null };
}

/**
 * One balance as the page shows it. A balance that cannot be put into the display currency (no
 * rate for one of its currencies) stays per currency, exact, rather than failing the whole page.
 */
async function shown(view: View, balance: PerCurrency | undefined): Promise<number | Person['balances']> {
  if (!view.totals) return moneyList(balance);
  try {
    return await view.totals.major(balance);
  } catch (err) {
    if (!(err instanceof DomainError) || (err.code !== 'rate_unavailable' && err.code !== 'amount_invalid')) throw err;
    return moneyList(balance);
  }
}

interface Known {
  person: PersonRow;
  /** Built for one answer, so `toPerson` completes it in place. */
  contact: PersonView;
  family: FamilyRow | null;
}

/**
 * The People list order: alphabetical by the name the viewer sees, except that people of one
 * user-level family (two or more of them known to the viewer) sit together, the head first, where
 * the family's first name falls. Ties by uid, so paging is stable.
 */
function ordered(people: readonly Known[]): Known[] {
  const byName = (a: Known, b: Known) => collator.compare(a.contact.name, b.contact.name) || a.person.id - b.person.id;
  const groups = new Map<string, Known[]>();
  const familySize = new Map<number, number>();
  for (const k of people) if (k.family) familySize.set(k.family.id, (familySize.get(k.family.id) ?? 0) + 1);
  for (const k of people) {
    const key = k.family && (familySize.get(k.family.id) ?? 0) > 1 ? `f${k.family.id}` : `u${k.person.id}`;
    groups.set(key, [...(groups.get(key) ?? []), k]);
  }
  const sorted = [...groups.values()].map((members) =>
    members.sort((a, b) => Number(b.person.id === b.family?.headId) - Number(a.person.id === a.family?.headId) || byName(a, b)),
  );
  sorted.sort((a, b) => byName(a[0] as Known, b[0] as Known));
  return sorted.flat();
}

async function knownPeople(db: Queryable, viewer: number, uids: readonly number[]): Promise<{ people: Known[]; myFamily: number | null }> {
  const rows = await peopleByIds(db, viewer, [viewer, ...uids]);
  const me = rows.find((r) => r.id === viewer);
  const others = rows.filter((r) => r.id !== viewer);
  const families = new Map((await familiesByIds(db, [...new Set(others.flatMap((r) => (r.familyId === null ? [] : [r.familyId])))])).map((f) => [f.id, f]));
  return {
    myFamily: me?.familyId ?? null,
    people: others.map((person) => ({
      person,
      contact: personView(person, viewer),
      family: person.familyId === null ? null : (families.get(person.familyId) ?? null),
    })),
  };
}

async function toPerson(k: Known, balance: PerCurrency | undefined, view: View, myFamily: number | null): Promise<Person> {
  return Object.assign(k.contact, {
    balance: await shown(view, balance),
    balances: moneyList(balance),
    family: k.family ? { id: k.family.id, head: k.family.headId, is_mine: k.family.id === myFamily } : null,
  });
}

async function familyRow(
  family: FamilyRow,
  members: readonly Known[],
  balances: ReadonlyMap<number, PerCurrency>,
  view: View,
  myFamily: number | null,
): Promise<PeopleFamily> {
  const total = sumBalances(members.map((m) => balances.get(m.person.id)));
  return {
    id: family.id,
    head: family.headId,
    is_mine: family.id === myFamily,
    members: members.map((m) => m.person.id),
    balance: await shown(view, total),
    balances: moneyList(total),
  };
}

/** GET /v1/event/people/?currency=&page=: everyone I know, 20 a page, with my net balance with each. */
export async function listPeople(db: Queryable, viewer: number, query: { currency?: string; page: number }): Promise<PeopleListResponse> {
  const view = viewOf(db, query.currency);
  const { people, myFamily } = await knownPeople(db, viewer, await peopleIdsOf(db, viewer));
  const all = ordered(people);
  const page = all.slice((query.page - 1) * PEOPLE_PAGE_SIZE, query.page * PEOPLE_PAGE_SIZE);
  const pageFamilies = new Map(page.flatMap((k) => (k.family ? [[k.family.id, k.family] as const] : [])));
  const relatives = new Map([...pageFamilies.keys()].map((id) => [id, all.filter((k) => k.family?.id === id)]));
  // The order is by name, so only the page and its families' members need balances.
  const { byPerson } = await netBalances(db, viewer, [...new Set([...page, ...[...relatives.values()].flat()].map((k) => k.person.id))]);
  const objects: Person[] = [];
  for (const k of page) objects.push(await toPerson(k, byPerson.get(k.person.id), view, myFamily));
  const families: PeopleFamily[] = [];
  for (const [id, family] of pageFamilies) families.push(await familyRow(family, relatives.get(id) ?? [], byPerson, view, myFamily));
  return {
    count: all.length,
    page: query.page,
    pages: Math.ceil(all.length / PEOPLE_PAGE_SIZE),
    currency: query.currency ?? null,
    approximate: view.totals !== null,
    objects,
    families,
  };
}

async function requireKnown(db: Queryable, viewer: number, uid: number): Promise<void> {
  // Someone the viewer shares nothing with does not exist for them, as events do not (DESIGN §7).
  if (!(await knowsPerson(db, viewer, uid))) throw new DomainError('user_not_found');
}

/** GET /v1/event/people/{uid}/?currency=: one person, our shared events and our payback requests. */
export async function getPerson(db: Queryable, viewer: number, uid: number, query: { currency?: string }): Promise<PersonResponse> {
  await requireKnown(db, viewer, uid);
  const view = viewOf(db, query.currency);
  const { people, myFamily } = await knownPeople(db, viewer, [uid]);
  const k = people[0];
  if (!k) throw new DomainError('user_not_found');
  let family: PeopleFamily | null = null;
  let familyMembers: Known[] = [k];
  if (k.family) {
    const everyone = new Set(await peopleIdsOf(db, viewer));
    const relatives = (await knownPeople(db, viewer, [...everyone])).people.filter((p) => p.family?.id === k.family?.id);
    familyMembers = ordered(relatives);
  }
  const ledger = await netBalances(
    db,
    viewer,
    familyMembers.map((m) => m.person.id),
  );
  if (k.family) family = await familyRow(k.family, familyMembers, ledger.byPerson, view, myFamily);
  const shared = await sharedEventRows(db, viewer, uid);
  const events: PersonResponse['events'] = [];
  for (const e of shared) {
    events.push(
      await shownIn(db, e.currency.trim(), query.currency, (conv) => ({
        id: e.id,
        event_name: e.name,
        is_dialogue: e.dialogueKey !== null,
        eventCurrency: e.currency.trim(),
        balance: conv.major(ledger.byEvent.get(e.id)?.get(uid) ?? 0),
        currency: conv.currency,
        approximate: conv.approximate,
      })),
    );
  }
  const dialogue = shared.find((e) => e.dialogueKey === dialogueKey(viewer, uid)) ?? null;
  return {
    person: await toPerson(k, ledger.byPerson.get(uid), view, myFamily),
    currency: query.currency ?? null,
    approximate: view.totals !== null,
    family,
    events,
    dialogue_id: dialogue?.id ?? null,
    phone_givable: k.person.phone === '' && (await nameOnlyInEventOf(db, viewer, uid)),
    payback_requests: dialogue ? await requestViews(db, await paybackRequestsIn(db, dialogue.id)) : [],
  };
}

function requestText(amounts: readonly { currency: string; amount: number }[]): string {
  return `Payback request: ${amounts.map((a) => `${minorToDecimalString(a.amount, a.currency)} ${a.currency}`).join(', ')}`;
}

/**
 * POST /v1/event/people/{uid}/ `{ details: 'Payback' }` (DESIGN §4): asks the person for what they
 * owe me, per currency, as a comment in our dialogue (created on first use). A comment has no
 * entries, so no balance moves; the other person sees it as unread like any operation by someone else.
 */
export async function requestPayback(db: Db, viewer: number, uid: number): Promise<PaybackRequestResponse> {
  await requireKnown(db, viewer, uid);
  const owed = (await netBalances(db, viewer, [uid])).byPerson.get(uid) ?? new Map<string, number>();
  const amounts = [...owed]
    .filter(([, amount]) => amount > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, amount]) => ({ currency, amount }));
  if (amounts.length === 0) throw new DomainError('nothing_to_request');
  const existed = (await dialogueByKey(db, dialogueKey(viewer, uid))) !== null;
  const dialogue = await getOrCreateDialogue(db, viewer, uid);
  const row = await db.transaction(async (tx) => {
    const event = await eventForParticipant(tx, dialogue.id, viewer, true);
    if (!event) throw new DomainError('not_found');
    if (event.deletedAt) throw new DomainError('event_deleted');
    const meta = { payer: null, participants: [], text: requestText(amounts), request: 'payback' as const, to: uid, amounts };
    // One open request per debtor: asking again renews it with today's debt rather than adding
    // another unread line (the event row is locked above, so two repeats cannot both add one).
    const open = await openRequest(tx, event.id, viewer, uid);
    return open ? renewPaybackRequestOf(tx, open, meta) : addPaybackRequest(tx, event.id, viewer, event.currency, meta);
  });
  const [view] = await requestViews(db, [{ id: row.id, eventId: row.eventId, authorId: row.authorId, createdAt: row.createdAt, meta: row.meta }]);
  if (!view) throw new Error('payback request lost its meta');
  return { ...view, dialogue_created: !existed };
}

/** The newest request from `creditor` to `debtor` in the dialogue when it is not settled yet. */
async function openRequest(db: Queryable, dialogueId: number, creditor: number, debtor: number): Promise<RequestRow | null> {
  const latest = (await paybackRequestsIn(db, dialogueId)).find((r) => r.authorId === creditor && requestMeta(r)?.to === debtor);
  if (!latest) return null;
  const [view] = await requestViews(db, [latest]);
  return view && !view.settled ? latest : null;
}

/** Phone searches per signed-in user per hour: enough for any person, slow for harvesting names by phone. */
export const SEARCH_LIMIT: RateLimit = { name: 'search:user', max: 100, windowMs: 3_600_000 };

/** The phone of a search that passed the specification's digit check (§5), in E.164, or null. */
function searchPhone(text: string, digits: string): string | null {
  // The '+' was stripped with the rest; when it was typed, the digits start with a country code.
  if (text.trim().startsWith('+')) return normalizePhone(`+${digits}`);
  return normalizePhone(digits) ?? normalizePhone(`+${digits}`);
}

/**
 * GET /v1/user/search/?phone=&search_all=: the registered person with that phone, or with
 * `search_all` also a placeholder in my contact book; otherwise 'unregistered'. A placeholder
 * someone else added, or a deleted account, is 'unregistered' too: it is not anyone's account.
 */
export async function searchUser(db: Queryable, viewer: number, query: { phone: string; search_all?: string }, now: Date): Promise<UserSearchResponse> {
  if ((await hit(db, SEARCH_LIMIT, String(viewer), now)) > SEARCH_LIMIT.max) throw new DomainError('rate_limited');
  await countLookups(db, viewer, 1, now);
  const digits = phoneSearchDigits(query.phone);
  const phone = digits === null ? null : searchPhone(query.phone, digits);
  if (phone === null) throw new DomainError('phone_incorrect', 'phone');
  const [found] = await usersByPhones(db, [phone]);
  const row = found ? await foundPerson(db, viewer, found.id) : undefined;
  if (row?.registered) return { status: 'registered', ...toContact(row, viewer) };
  const all = query.search_all === 'true' || query.search_all === '1';
  if (row && all && row.isContact) return { status: 'contact', ...toContact(row, viewer) };
  return { status: 'unregistered', phone };
}
