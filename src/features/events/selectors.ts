import { createSelector } from '@reduxjs/toolkit';
import type { Event, EventFamily, EventParticipant } from '@common/contract/events';
import { effectiveDisplay } from './events-api';
import { shownEvent, shownList, type CachedAnswers } from './events-queries';
import type { EventsState } from './events-slice';

type State = { events: EventsState; currencies?: { display: string | null }; server?: { queries: CachedAnswers } };

export const selectEventsState = (s: State) => s.events;
/** The one empty list, so that a selector or hook answering none keeps its answer's identity. */
export const NO_EVENTS: Event[] = [];

/** The events list as shown, in the display currency; empty until it has arrived. */
export const selectEventsList = createSelector(
  [(s: State) => s.currencies?.display ?? null, (s: State) => s.server?.queries],
  (currency, answers): Event[] => shownList(answers, currency) ?? NO_EVENTS,
);

/** The open event as the screen shows it, in its display mode; null before it has arrived. */
export const selectCurrentEvent = createSelector(
  [(s: State) => s.events.openId, (s: State) => s.events.display, (s: State) => s.currencies?.display, (s: State) => s.server?.queries],
  (id, display, displayCurrency, answers): Event | null =>
    id === null ? null : shownEvent(answers, { id, mode: effectiveDisplay(display[id], displayCurrency) }),
);

/**
 * The open event's participants in display order: me first (specification §3: the current user
 * always comes first, as 'me'), then the server's order (the owner's choice of positions).
 */
export const selectParticipants = createSelector([selectCurrentEvent], (event): EventParticipant[] => {
  if (!event) return [];
  const me = event.contacts.filter((c) => c.is_me);
  return [...me, ...event.contacts.filter((c) => !c.is_me)];
});

export const selectParticipantMap = createSelector(
  [selectParticipants],
  (participants): ReadonlyMap<number, EventParticipant> => new Map(participants.map((p) => [p.uid, p])),
);

/** The open event's families (settle-up groups), mine first, each family's members in display order. */
export const selectFamilies = createSelector([selectCurrentEvent, selectParticipants], (event, participants): EventFamily[] => {
  if (!event) return [];
  const order = new Map(participants.map((p, i) => [p.uid, i]));
  const rank = (uid: number) => order.get(uid) ?? Number.MAX_SAFE_INTEGER;
  return event.families
    .map((f) => ({ ...f, members: [...f.members].sort((a, b) => rank(a) - rank(b)) }))
    .sort((a, b) => Math.min(...a.members.map(rank)) - Math.min(...b.members.map(rank)));
});
