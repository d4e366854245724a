import type { RootState } from '@/app/store';
import { createAsyncThunk, createSlice, type PayloadAction, type ThunkAction, type UnknownAction, type WithSlice } from '@reduxjs/toolkit';
import type { CreateEventBody, Event } from '@common/contract/events';
import { toApiError, type ApiError } from '@/lib/api-client';
import { ledgerChanged } from '@/app/ledger-changed';
import { loggedOut } from '@/features/auth';
import { effectiveDisplay, EVENT_DISPLAY, eventsApi, type DisplayMode } from './events-api';
import { byLastActivity, eventsQueries, patchDeleted, patchEveryMode, patchLists, type ListRead } from './events-queries';

export type { LoadStatus } from '@/lib/load-status';

/** Specification §4: the events list turns 'success' this long after its data arrives. */
export const LIST_SUCCESS_DELAY_MS = 500;

/**
 * What the events screens keep beside the server cache (events-queries.ts), which holds the list,
 * the deleted events and the open event.
 */
export interface EventsState {
  /** The event the route opens. */
  openId: number | null;
  /** Display mode per event id; absent means the event currency. */
  display: Record<number, DisplayMode>;
  /** The event just deleted, offered back by the undo toast. */
  undo: { id: number; name: string } | null;
  /** A failure of a change made from the event header (currency, delete, restore). */
  changeError: ApiError | null;
}

const initialState: EventsState = {
  openId: null,
  display: {},
  undo: null,
  changeError: null,
};

/** `currencies.display`: the user's display currency, read as state so this slice does not load the currencies feature's widgets. */
type DisplayState = { events: EventsState; currencies?: { display: string | null } };
type ThunkConfig = { state: RootState; rejectValue: ApiError };

const fail = (err: unknown) => toApiError(err);

export function displayModeOf(state: DisplayState, id: number): DisplayMode {
  return effectiveDisplay(state.events.display[id], state.currencies?.display);
}

/** The events list's read: it follows the display currency; a mode chosen in one event's header stays with that event. */
export function listReadOf(state: DisplayState): ListRead {
  return { currency: state.currencies?.display ?? null };
}

/** The event's name as people know it: the other person's name for a dialogue. */
export function eventTitle(event: Pick<Event, 'event_name' | 'quasi_event_name'>): string {
  return event.quasi_event_name ?? event.event_name;
}

/** The event's picture: its own, or for a dialogue (which has none) the other person's avatar. */
export function eventPicture(event: Pick<Event, 'image_url' | 'quasi_event_name' | 'contacts'>): string | null {
  if (event.image_url || event.quasi_event_name === null) return event.image_url;
  return event.contacts.find((p) => !p.is_me)?.avatar_url ?? null;
}

type EventsThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;

/**
 * Reads the event again in its display mode (a retry, a test). The screens subscribe to it
 * themselves (EventsPage); this read only refreshes what they show.
 */
export const fetchEvent =
  (id: number): EventsThunk<Promise<unknown>> =>
  (dispatch, getState) =>
    dispatch(eventsQueries.endpoints.event.initiate({ id, mode: displayModeOf(getState(), id) }, { subscribe: false, forceRefetch: true }));

/** The answers of the event in every mode are stale: the one on screen is read again. */
const eventStale = (id: number) => eventsQueries.util.invalidateTags([{ type: 'Event', id }]);

/**
 * After operations changed in these events, the server's balances are read again: the ledger's
 * figures and each of these events the screen shows (the server cache), and the list's rows.
 */
export const eventsChanged = createAsyncThunk<void, readonly number[], ThunkConfig>('events/changed', async (ids, { dispatch, getState }) => {
  dispatch(ledgerChanged());
  dispatch(eventsQueries.util.invalidateTags(ids.map((id) => ({ type: 'Event' as const, id }))));
  const open = getState().events.openId;
  if (ids.some((id) => id !== open)) dispatch(listStale());
});

/** The list is read again (another event's balances moved, an event was imported). */
export const listStale = () => eventsQueries.util.invalidateTags(['EventList']);

/** Reads the list again now (the retry after a failure). */
export const fetchEvents = (): EventsThunk<Promise<unknown>> => (dispatch, getState) =>
  dispatch(eventsQueries.endpoints.eventsList.initiate(listReadOf(getState()), { subscribe: false, forceRefetch: true }));

/**
 * A write answered with the event in its own currency: that is its cached answer in that mode, and
 * (through the event query's onQueryStarted, as any answer) its row in a list in that currency.
 */
function storedAnswer(event: Event) {
  return eventsQueries.util.upsertQueryData('event', { id: event.id, mode: EVENT_DISPLAY }, event);
}

/** A new event goes to the top of the list. */
export const createEvent = createAsyncThunk<Event, CreateEventBody, ThunkConfig>('events/create', async (body, { dispatch, rejectWithValue }) => {
  try {
    const created = await eventsApi.create(body);
    dispatch(patchLists((list) => [created, ...list.filter((e) => e.id !== created.id)]));
    return created;
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

export interface EventChange {
  id: number;
  data: { event_name?: string; image_url?: string | null; families?: number[][]; contacts?: number[] };
}

/**
 * PUT /event/{id}/ data. The answer is in the event currency and becomes that mode's cached
 * answer; a new name or picture is written into the answers in other modes. New families or
 * people change every figure: the ledger is read again, and the event too when it is shown in
 * another mode.
 */
export const updateEvent = createAsyncThunk<Event, EventChange, ThunkConfig>('events/update', async ({ id, data }, { dispatch, getState, rejectWithValue }) => {
  try {
    const stored = await eventsApi.update(id, { data });
    dispatch(storedAnswer(stored));
    dispatch(
      patchEveryMode(id, (event) => {
        event.event_name = stored.event_name;
        event.image_url = stored.image_url;
      }),
    );
    if (data.families !== undefined || data.contacts !== undefined) {
      dispatch(ledgerChanged());
      if (displayModeOf(getState(), id).kind !== 'event') void dispatch(fetchEvent(id));
    }
    return stored;
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

/** Specification §4: switching the event currency sets 'original' mode (amounts as entered), which the screen then reads. */
export const changeEventCurrency = createAsyncThunk<Event, { id: number; currency: string }, ThunkConfig>(
  'events/changeCurrency',
  async ({ id, currency }, { dispatch, rejectWithValue }) => {
    try {
      const stored = await eventsApi.update(id, { data: { eventCurrency: currency } });
      dispatch(ledgerChanged());
      dispatch(eventStale(id));
      dispatch(storedAnswer(stored));
      dispatch(eventsSlice.actions.displayModeSet({ id, mode: { kind: 'original' } }));
      return stored;
    } catch (err) {
      return rejectWithValue(fail(err));
    }
  },
);

/** Soft delete (§4: the client sends del_date null); the undo toast offers it back. */
export const deleteEvent = createAsyncThunk<Event, number, ThunkConfig>('events/delete', async (id, { dispatch, rejectWithValue }) => {
  try {
    const deleted = await eventsApi.update(id, { del_date: null });
    dispatch(patchLists((list) => list.filter((e) => e.id !== id)));
    dispatch(patchDeleted((list) => [deleted, ...list.filter((e) => e.id !== id)]));
    return deleted;
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

/** Left, the event is gone from the caller's lists (POST /event/{id}/leave/). */
export const leaveEvent = createAsyncThunk<number, number, ThunkConfig>('events/leave', async (id, { dispatch, rejectWithValue }) => {
  try {
    await eventsApi.leave(id);
    dispatch(patchLists((list) => list.filter((e) => e.id !== id)));
    return id;
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

/** Restored, the event is read again wherever it is shown (it can be changed again). */
export const restoreEvent = createAsyncThunk<Event, number, ThunkConfig>('events/restore', async (id, { dispatch, rejectWithValue }) => {
  try {
    const restored = await eventsApi.update(id, { del_date: false });
    dispatch(eventStale(id));
    dispatch(patchDeleted((list) => list.filter((e) => e.id !== id)));
    dispatch(patchLists((list) => [...list.filter((e) => e.id !== id), restored].sort(byLastActivity)));
    return restored;
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

export const eventsSlice = createSlice({
  name: 'events',
  initialState,
  reducers: {
    displayModeSet(state, action: PayloadAction<{ id: number; mode: DisplayMode }>) {
      const { id, mode } = action.payload;
      // Kept even for the event currency: it is then a choice that outranks the display currency.
      state.display[id] = mode;
    },
    eventOpened(state, action: PayloadAction<number | null>) {
      state.openId = action.payload;
    },
    undoDismissed(state) {
      state.undo = null;
    },
    changeErrorCleared(state) {
      state.changeError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // A failed updateEvent is shown by the form that asked (rename, participants), not here.
      .addCase(changeEventCurrency.pending, (state) => {
        state.changeError = null;
      })
      .addCase(changeEventCurrency.rejected, (state, action) => {
        state.changeError = action.payload ?? fail(action.error);
      })
      .addCase(deleteEvent.pending, (state) => {
        state.changeError = null;
      })
      .addCase(deleteEvent.fulfilled, (state, action) => {
        state.undo = { id: action.payload.id, name: eventTitle(action.payload) };
      })
      .addCase(deleteEvent.rejected, (state, action) => {
        state.changeError = action.payload ?? fail(action.error);
      })
      .addCase(leaveEvent.pending, (state) => {
        state.changeError = null;
      })
      .addCase(leaveEvent.rejected, (state, action) => {
        state.changeError = action.payload ?? fail(action.error);
      })
      .addCase(restoreEvent.fulfilled, (state, action) => {
        if (state.undo?.id === action.payload.id) state.undo = null;
      })
      .addCase(restoreEvent.rejected, (state, action) => {
        state.changeError = action.payload ?? fail(action.error);
      })
      .addCase(loggedOut, () => initialState);
  },
});

export const { displayModeSet, eventOpened, undoDismissed, changeErrorCleared } = eventsSlice.actions;

/**
 * Specification §4: the unread counter goes to 0 when all are marked seen, otherwise drops by
 * one, never below 0. `unread` (the server's count) wins when given.
 */
export interface UnreadChange {
  eventId: number;
  all?: boolean;
  unread?: number;
}

function unreadAfter(count: number, { all, unread }: UnreadChange): number {
  return unread !== undefined ? Math.max(0, unread) : all ? 0 : Math.max(0, count - 1);
}

/** The unread counter, in the list and in the event's cached answers. */
export const eventSeen =
  (change: UnreadChange): EventsThunk =>
  (dispatch) => {
    dispatch(
      patchLists((list) => {
        const row = list.find((e) => e.id === change.eventId);
        if (row) row.unread_cnt = unreadAfter(row.unread_cnt, change);
      }),
    );
    dispatch(
      patchEveryMode(change.eventId, (event) => {
        event.unread_cnt = unreadAfter(event.unread_cnt, change);
      }),
    );
  };

// Injected lazily, with the screens that read it (src/app/screen-slices.ts): declared here, so that
// the store's RootState has it without the store importing this feature.
declare module '@/app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof eventsSlice> {}
}
