import { createSelector } from '@reduxjs/toolkit';
import type { EventFamily, EventParticipant } from '@common/contract/events';
import type { CachedAnswers } from './events-queries';
import { selectListedEvents, selectOpenEvent, type EventsState } from './events-slice';

type State = { events: EventsState; currencies?: { display: string | null }; server?: { queries: CachedAnswers } };

export const selectEventsState = (s: State) => s.events;
export const selectEventsList = (s: State) => selectListedEvents(s);
export const selectCurrentEvent = (s: State) => selectOpenEvent(s);

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
