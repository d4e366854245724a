import {
  EVENT_PARTICIPANTS_MAX,
  type CreateEventBody,
  type Event,
  type EventFamily,
  type EventParticipant,
  type PayoutResponse,
  type UpdateEventBody,
} from '../../../common/contract/events';
import { isCurrencyCode } from '../../../common/currencies';
import { DomainError, type ErrorCode } from '../../../common/errors';
import { normalizeName } from '../../../common/names';
import { planFamilySettlement } from '../../../common/settle';
import type { Db, Queryable } from '../../db/client';
import { contactIdsOf, peopleByIds, type PersonRow } from '../contacts/repository';
import { personView, toContact } from '../contacts/service';
import { displayConversion, shownIn, type DisplayConversion } from '../currency/service';
import { imageKeysByIds } from '../images/repository';
import { deleteImage, imageIdFromUrl, pictureChange, pictureUrl } from '../images/service';
import { recountUnread, unreadFrom } from '../operations/unread';
import { repriceEvent } from '../operations/ledger-writer';
import {
  anyOperationByOthers,
  dialogueByKey,
  eventsOfUser,
  insertDialogue,
  insertEvent,
  insertParticipants,
  knownPeople,
  participantsOf,
  participantsWithPeople,
  peopleWithHistory,
  removeParticipants,
  setFamilies,
  updateEvent as updateEventRow,
  type EventRow,
  type ParticipantRow,
} from './repository';
import { requireEvent, requireLive } from './access';
import { countPlacements } from './placement-limits';

export function eventCurrency(event: EventRow): string {
  return event.currency.trim();
}

export interface ViewOptions {
  currency?: string;
  original?: boolean;
}

interface Family {
  id: number;
  members: number[];
  balance: number;
}

/** Event families in display order (by their first member's position), with balances in minor units. */
export function familiesOf(participants: readonly ParticipantRow[]): Family[] {
  const byId = new Map<number, Family>();
  for (const p of participants) {
    const family = byId.get(p.familyGroup) ?? { id: p.familyGroup, members: [], balance: 0 };
    family.members.push(p.userId);
    family.balance += p.balance;
    byId.set(p.familyGroup, family);
  }
  return [...byId.values()];
}

async function conversionFor(db: Queryable, cache: Map<string, DisplayConversion>, from: string, opts: ViewOptions): Promise<DisplayConversion> {
  const to = opts.original ? undefined : opts.currency;
  const key = `${from}>${to ?? ''}`;
  let conv = cache.get(key);
  if (!conv) {
    conv = await displayConversion(db, from, to);
    cache.set(key, conv);
  }
  return conv;
}

/** A figure this event cannot show in the currency asked for: no rate, or too large once converted. */
function isConversionFailure(err: unknown): boolean {
  return err instanceof DomainError && (err.code === 'rate_unavailable' || err.code === 'amount_invalid');
}

interface ViewContext {
  viewer: number;
  list: readonly ParticipantRow[];
  people: ReadonlyMap<number, PersonRow>;
  imageKeys: ReadonlyMap<number, string>;
  opts: ViewOptions;
}

/**
 * One event's view that never takes the list down with it (decision 0010). When its figures cannot
 * be shown in the display currency asked for (no rate for the event's currency, say), they are
 * shown in the event's own currency, exact, as `currency` then says. When even that fails, the
 * event is listed as `unavailable` with its name and no figures to trust, and the rest of the list
 * answers as usual.
 */
async function resilientView(db: Queryable, cache: Map<string, DisplayConversion>, row: EventRow, ctx: ViewContext): Promise<Event> {
  try {
    return eventView(row, ctx, await conversionFor(db, cache, eventCurrency(row), ctx.opts));
  } catch (err) {
    // A display currency that does not exist is the request's fault, not this event's.
    if (!isConversionFailure(err)) throw err;
  }
  const own = await conversionFor(db, cache, eventCurrency(row), {});
  try {
    return eventView(row, ctx, own);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const zero = { ...own, major: () => 0 };
    return { ...eventView(row, ctx, zero), unavailable: true };
  }
}

function eventView(row: EventRow, { viewer, list, people, imageKeys, opts }: ViewContext, conv: DisplayConversion): Event {
  const contactsOut: EventParticipant[] = [];
  for (const p of list) {
    const person = people.get(p.userId);
    if (!person) continue;
    const balance = conv.major(p.balance);
    contactsOut.push(Object.assign(personView(person, viewer), { balance, family: p.familyGroup, position: p.position, is_owner: p.userId === row.ownerId }));
  }
  const families = familiesOf(list);
  const mine = list.find((p) => p.userId === viewer);
  const myFamily = families.find((f) => f.members.includes(viewer));
  const other = row.dialogueKey ? contactsOut.find((c) => c.uid !== viewer) : undefined;
  return {
    id: row.id,
    event_name: row.name,
    quasi_event_name: row.dialogueKey ? (other?.name ?? '') : null,
    eventCurrency: eventCurrency(row),
    currency: conv.currency,
    approximate: conv.approximate,
    original: opts.original === true,
    del_date: row.deletedAt ? row.deletedAt.toISOString() : null,
    image_url: pictureUrl(row.imageId === null ? null : (imageKeys.get(row.imageId) ?? null)),
    owner: row.ownerId,
    isUserOwner: row.ownerId === viewer,
    unread_cnt: unreadFrom(row, mine),
    payout: conv.major(mine?.balance ?? 0),
    family_payout: conv.major(myFamily?.balance ?? 0),
    created: row.createdAt.toISOString(),
    last_activity: row.lastActivityAt.toISOString(),
    contacts: contactsOut,
    families: families.map((f): EventFamily => ({ id: f.id, members: f.members, balance: conv.major(f.balance) })),
  };
}

/** Whole events as the viewer sees them; everything is fetched in a fixed number of queries. */
export async function eventViews(db: Queryable, viewer: number, rows: readonly EventRow[], opts: ViewOptions = {}): Promise<Event[]> {
  const ids = rows.map((r) => r.id);
  const { participants, people: peopleFound } = await participantsWithPeople(db, viewer, ids);
  const people = new Map(peopleFound.map((p) => [p.id, p]));
  const imageKeys = await imageKeysByIds(
    db,
    rows.flatMap((r) => (r.imageId === null ? [] : [r.imageId])),
  );
  const byEvent = new Map<number, ParticipantRow[]>();
  for (const p of participants) {
    const list = byEvent.get(p.eventId) ?? [];
    list.push(p);
    byEvent.set(p.eventId, list);
  }
  const cache = new Map<string, DisplayConversion>();
  const views: Event[] = [];
  for (const row of rows) {
    const ctx = { viewer, list: byEvent.get(row.id) ?? [], people, imageKeys, opts };
    views.push(await resilientView(db, cache, row, ctx));
  }
  return views;
}

export async function getEvent(db: Queryable, viewer: number, eventId: number, opts: ViewOptions = {}): Promise<Event> {
  const row = await requireEvent(db, eventId, viewer);
  const [view] = await eventViews(db, viewer, [row], opts);
  if (!view) throw new DomainError('not_found');
  return view;
}

export async function listEvents(db: Queryable, viewer: number, opts: ViewOptions & { deleted?: boolean } = {}): Promise<Event[]> {
  return eventViews(db, viewer, await eventsOfUser(db, viewer, opts.deleted === true), opts);
}

/**
 * Event families at creation (DESIGN §4): people of one user-level family settle together, everyone
 * else alone. Groups are numbered 1.. in order of their first member.
 */
function initialFamilies(order: readonly number[], people: ReadonlyMap<number, PersonRow>): Map<number, number> {
  const groupOfFamily = new Map<number, number>();
  const result = new Map<number, number>();
  let next = 1;
  for (const uid of order) {
    const familyId = people.get(uid)?.familyId ?? null;
    let group = familyId === null ? undefined : groupOfFamily.get(familyId);
    if (group === undefined) {
      group = next++;
      if (familyId !== null) groupOfFamily.set(familyId, group);
    }
    result.set(uid, group);
  }
  return result;
}

/** True when an update's image_url asks for the picture the event already has (or none, again). */
async function keepsImage(db: Queryable, event: EventRow, url: string | null | undefined): Promise<boolean> {
  if (url === undefined) return true;
  if (url === null || url === '') return event.imageId === null;
  return event.imageId !== null && (await imageIdFromUrl(db, url)) === event.imageId;
}

function requireCurrency(code: string): string {
  if (!isCurrencyCode(code)) throw new DomainError('currency_unknown', 'eventCurrency');
  return code;
}

async function myCurrency(db: Queryable, viewer: number): Promise<string> {
  const [me] = await peopleByIds(db, viewer, [viewer]);
  return me?.currency.trim() ?? 'RUB';
}

export function dialogueKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

async function createDialogue(db: Db, a: number, b: number): Promise<{ event: EventRow; created: boolean }> {
  if (a === b) throw new DomainError('validation_failed', 'contacts');
  const key = dialogueKey(a, b);
  const existing = await dialogueByKey(db, key);
  if (existing) return { event: existing, created: false };
  const currency = await myCurrency(db, a);
  return db.transaction(async (tx) => {
    const event = await insertDialogue(tx, { name: '', ownerId: a, currency, dialogueKey: key });
    if (!event) {
      // Someone else created it a moment ago.
      const raced = await dialogueByKey(tx, key);
      if (!raced) throw new Error('dialogue vanished');
      return { event: raced, created: false };
    }
    await insertParticipants(tx, [
      { eventId: event.id, userId: a, familyGroup: 1, position: 0 },
      { eventId: event.id, userId: b, familyGroup: 2, position: 1 },
    ]);
    return { event, created: true };
  });
}

/**
 * The dialogue between two people (DESIGN §4), created on first use; both are participants, each
 * their own family. Deleted dialogues are returned as they are (restoring is the caller's choice).
 */
export async function getOrCreateDialogue(db: Db, a: number, b: number): Promise<EventRow> {
  return (await createDialogue(db, a, b)).event;
}

/** `madeHere`: people the caller's own request has just made (an import's names alone), in nobody's contacts yet. */
export async function createEvent(db: Db, viewer: number, body: CreateEventBody, madeHere: readonly number[] = []): Promise<Event> {
  const others = [...new Set(body.contacts)].filter((uid) => uid !== viewer);
  const known = await knownPeople(db, viewer, others);
  if (others.some((uid) => !known.has(uid) && !madeHere.includes(uid))) throw new DomainError('user_not_found', 'contacts');
  if (body.quasi) {
    if (others.length !== 1) throw new DomainError('validation_failed', 'contacts');
    const { event, created } = await createDialogue(db, viewer, others[0] as number);
    if (!created) throw new DomainError('dialogue_exists');
    return getEvent(db, viewer, event.id);
  }
  const name = normalizeName(body.event_name ?? '');
  if (!name) throw new DomainError('event_name_required', 'event_name');
  const currency = requireCurrency(body.eventCurrency ?? (await myCurrency(db, viewer)));
  const everyone = [viewer, ...others];
  if (body.invite_all) everyone.push(...(await contactIdsOf(db, viewer)));
  const order = [...new Set(everyone)];
  // The bound an event's list has however it is made: 'everyone I know' is no way past it.
  if (order.length > EVENT_PARTICIPANTS_MAX) throw new DomainError('participants_too_many', 'contacts');
  const people = new Map((await peopleByIds(db, viewer, order)).map((p) => [p.id, p]));
  const families = initialFamilies(order, people);
  // Last of the checks, so a refused event leaves no picture behind.
  const imageId = (await pictureChange(db, body.image_url, null, viewer, 'image_url')) ?? null;
  const event = await db.transaction(async (tx) => {
    // The people made by this very request (an import's names alone) are nobody's to flood.
    await countPlacements(
      tx,
      viewer,
      order.filter((uid) => !madeHere.includes(uid)),
      new Date(),
    );
    const row = await insertEvent(tx, { name, ownerId: viewer, currency, imageId });
    await insertParticipants(
      tx,
      order.map((uid, position) => ({ eventId: row.id, userId: uid, familyGroup: families.get(uid) as number, position })),
    );
    return row;
  });
  return getEvent(db, viewer, event.id);
}

/**
 * Both people own a dialogue, so either could take the other's records from their People page by
 * deleting it. It is deleted once they are settled and it holds nothing, live or deleted, the
 * other wrote: deleting their records first, or writing a payback that squares them, is no way round.
 */
async function requireDialogueDeletable(tx: Queryable, event: EventRow, viewer: number): Promise<void> {
  if ((await participantsOf(tx, [event.id])).some((p) => p.balance !== 0)) throw new DomainError('delete_dialogue_with_debt');
  if (await anyOperationByOthers(tx, event.id, viewer)) throw new DomainError('delete_dialogue_with_others');
}

/** Owner-only changes; in a dialogue both people own it. */
function requireOwner(event: EventRow, viewer: number): void {
  if (event.ownerId !== viewer && !event.dialogueKey) throw new DomainError('not_event_owner');
}

/**
 * Who may regroup families and remove people (specification §6): the owner, or with access
 * checking off (ACCESS_CHECKING=off, for groups that want it) any participant.
 */
export interface EventAccess {
  accessChecking: boolean;
}
const CHECKED: EventAccess = { accessChecking: true };

function requireArranger(event: EventRow, viewer: number, access: EventAccess): void {
  if (access.accessChecking) requireOwner(event, viewer);
}

/**
 * POST /event/{id}/leave/: the caller leaves an event they were put in, on the terms on which the
 * owner may remove someone (settled, named in no operation). Else whoever has their phone could
 * fill their list with events for good. The owner deletes their event instead; a dialogue stays.
 */
export async function leaveEvent(db: Db, viewer: number, eventId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await requireEvent(tx, eventId, viewer, true);
    requireLive(event);
    if (event.dialogueKey || event.ownerId === viewer) throw new DomainError('forbidden');
    const me = (await participantsOf(tx, [event.id])).filter((p) => p.userId === viewer);
    await removeSettled(tx, event.id, me, { debt: 'leave_with_debt', history: 'leave_with_history', field: undefined });
  });
}

/**
 * Takes `people` out of the event, or refuses (nothing taken) unless each is settled there and
 * named in no operation of it: removing them then changes no figure and no history.
 */
async function removeSettled(
  tx: Queryable,
  eventId: number,
  people: readonly ParticipantRow[],
  refusal: { debt: ErrorCode; history: ErrorCode; field: string | undefined },
): Promise<void> {
  if (people.some((p) => p.balance !== 0)) throw new DomainError(refusal.debt, refusal.field);
  const uids = people.map((p) => p.userId);
  if ((await peopleWithHistory(tx, eventId, uids)).size > 0) throw new DomainError(refusal.history, refusal.field);
  await removeParticipants(tx, eventId, uids);
}

async function changeParticipants(tx: Queryable, event: EventRow, viewer: number, wanted: readonly number[], access: EventAccess): Promise<void> {
  const current = await participantsOf(tx, [event.id]);
  const have = new Set(current.map((p) => p.userId));
  const want = new Set(wanted);
  const added = [...want].filter((uid) => !have.has(uid));
  const removed = current.filter((p) => !want.has(p.userId));
  if (added.length > 0) {
    if (event.dialogueKey) throw new DomainError('dialogue_no_participants', 'contacts');
    const known = await knownPeople(tx, viewer, added);
    if (added.some((uid) => !known.has(uid))) throw new DomainError('user_not_found', 'contacts');
    await countPlacements(tx, viewer, added, new Date());
  }
  if (removed.length > 0) {
    requireArranger(event, viewer, access);
    if (event.dialogueKey || removed.some((p) => p.userId === event.ownerId)) throw new DomainError('forbidden', 'contacts');
    await removeSettled(tx, event.id, removed, { debt: 'delete_user_with_debt', history: 'delete_user_with_history', field: 'contacts' });
  }
  if (added.length > 0) {
    // A newcomer joins the event family of a member of their own family, if one is there.
    const people = new Map((await peopleByIds(tx, viewer, [...have, ...added])).map((p) => [p.id, p]));
    const groupOfFamily = new Map<number, number>();
    for (const p of current) {
      const familyId = people.get(p.userId)?.familyId;
      if (familyId != null && !groupOfFamily.has(familyId)) groupOfFamily.set(familyId, p.familyGroup);
    }
    let nextGroup = Math.max(0, ...current.map((p) => p.familyGroup)) + 1;
    let nextPosition = Math.max(-1, ...current.map((p) => p.position)) + 1;
    await insertParticipants(
      tx,
      added.map((uid) => {
        const familyId = people.get(uid)?.familyId ?? null;
        let group = familyId === null ? undefined : groupOfFamily.get(familyId);
        if (group === undefined) {
          group = nextGroup++;
          if (familyId !== null) groupOfFamily.set(familyId, group);
        }
        return { eventId: event.id, userId: uid, familyGroup: group, position: nextPosition++ };
      }),
    );
    // Everything already recorded is unread for a newcomer.
    await recountUnread(tx, event.id, added);
  }
}

async function regroup(tx: Queryable, event: EventRow, viewer: number, groups: readonly (readonly number[])[], access: EventAccess): Promise<void> {
  requireArranger(event, viewer, access);
  // Either of a dialogue's two may change it (requireOwner): one family of both would empty the plan of what one owes the other.
  if (event.dialogueKey) throw new DomainError('forbidden', 'families');
  const current = new Set((await participantsOf(tx, [event.id])).map((p) => p.userId));
  const seen = new Set<number>();
  const rows: { uid: number; family: number; position: number }[] = [];
  groups.forEach((members, i) => {
    for (const uid of members) {
      if (seen.has(uid) || !current.has(uid)) throw new DomainError('validation_failed', 'families');
      seen.add(uid);
      rows.push({ uid, family: i + 1, position: rows.length });
    }
  });
  if (seen.size !== current.size) throw new DomainError('validation_failed', 'families');
  await setFamilies(tx, event.id, rows);
}

/**
 * PUT /event/{id}/: `data` edits (name: any participant; image, currency, families and removing
 * people: the owner) or `del_date` (soft delete and restore: the owner; a dialogue, either of its
 * two once settled). All in one transaction.
 */
export async function updateEvent(db: Db, viewer: number, eventId: number, body: UpdateEventBody, access: EventAccess = CHECKED): Promise<Event> {
  await db.transaction(async (tx) => {
    const event = await requireEvent(tx, eventId, viewer, true);
    if (body.del_date !== undefined) {
      requireOwner(event, viewer);
      const restore = body.del_date === false;
      if (!restore && event.dialogueKey) await requireDialogueDeletable(tx, event, viewer);
      await updateEventRow(tx, event.id, { deletedAt: restore ? null : new Date() });
      event.deletedAt = restore ? null : new Date();
    }
    const data = body.data;
    if (!data) return;
    requireLive(event);
    const set: Parameters<typeof updateEventRow>[2] = {};
    if (data.event_name !== undefined && !event.dialogueKey) {
      const name = normalizeName(data.event_name);
      if (!name) throw new DomainError('event_name_required', 'event_name');
      set.name = name;
    }
    if (!(await keepsImage(tx, event, data.image_url))) {
      requireOwner(event, viewer);
      const imageId = await pictureChange(tx, data.image_url, event.imageId, viewer, 'image_url');
      if (imageId !== undefined) {
        set.imageId = imageId;
        // Pictures are never shared, so the replaced one has no other use.
        if (event.imageId !== null) await deleteImage(tx, event.imageId);
      }
    }
    if (data.eventCurrency !== undefined && data.eventCurrency !== eventCurrency(event)) {
      requireOwner(event, viewer);
      const currency = requireCurrency(data.eventCurrency);
      await repriceEvent(tx, event.id, currency);
      set.currency = currency;
    }
    if (data.contacts) await changeParticipants(tx, event, viewer, [...new Set(data.contacts)], access);
    if (data.families) await regroup(tx, event, viewer, data.families, access);
    if (Object.keys(set).length > 0) await updateEventRow(tx, event.id, set);
  });
  return getEvent(db, viewer, eventId);
}

/** GET /event/{id}/payout/: the settle-up plan between event families (DESIGN §5). */
export async function payout(db: Queryable, viewer: number, eventId: number, opts: ViewOptions = {}): Promise<PayoutResponse> {
  const event = await requireEvent(db, eventId, viewer);
  const participants = await participantsOf(db, [event.id]);
  const people = await peopleByIds(
    db,
    viewer,
    participants.map((p) => p.userId),
  );
  const families = familiesOf(participants);
  const balances = new Map(participants.map((p) => [p.userId, p.balance]));
  const plan = planFamilySettlement(balances, families);
  const byId = new Map(people.map((p) => [p.id, p]));
  return shownIn(db, eventCurrency(event), opts.original ? undefined : opts.currency, (conv) => ({
    userId: viewer,
    event_id: event.id,
    currency: conv.currency,
    approximate: conv.approximate,
    users: participants.flatMap((p) => {
      const person = byId.get(p.userId);
      return person ? [{ uid: person.id, phone: person.phone, name: toContact(person, viewer).name }] : [];
    }),
    families: families.map((f) => ({ id: f.id, members: f.members, balance: conv.major(f.balance) })),
    transfers: plan.map((t) => ({
      from: t.from_user,
      to: t.to_user,
      from_family: t.from,
      to_family: t.to,
      amount: conv.major(t.amount),
      currency: conv.currency,
    })),
  }));
}
