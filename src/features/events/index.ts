/**
 * The events feature's public face. The operations feature (the tab pages in the events frame's
 * outlet) imports only from here; these names stay stable.
 */
export {
  eventsSlice,
  fetchEvents,
  fetchEvent,
  eventsChanged,
  createEvent,
  updateEvent,
  changeEventCurrency,
  deleteEvent,
  restoreEvent,
  displayModeSet,
  eventSeen,
  eventTitle,
  eventPicture,
  LIST_SUCCESS_DELAY_MS,
  type EventsState,
  type EventChange,
  type LoadStatus,
} from './events-slice';
export { displayParams, type DisplayMode } from './events-api';
export { useCurrentEvent, parseEventId, type CurrentEvent } from './hooks';
export { eventsQueries } from './events-queries';
export { selectCurrentEvent, selectEventsList, selectParticipants, selectParticipantMap, selectFamilies } from './selectors';
export { ParticipantName, participantName } from './components/ParticipantName';
export { BalanceMessage, type BalanceMode, type BalanceSubject } from './components/BalanceMessage';
export { moneyView, localeOf } from './money';
export type { Event, EventParticipant, EventFamily, PayoutResponse } from '@common/contract/events';
