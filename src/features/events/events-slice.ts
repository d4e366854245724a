import { createAsyncThunk, createSelector, createSlice, type PayloadAction, type ThunkAction, type UnknownAction, type WithSlice } from '@reduxjs/toolkit';
import type { CreateEventBody, Event } from '@common/contract/events';
import { isAborted, toApiError, type ApiError } from '@/lib/api-client';
import { ledgerChanged } from '@/app/ledger-changed';
import { loggedOut } from '@/features/auth';
import { effectiveDisplay, EVENT_DISPLAY, eventsApi, type DisplayMode } from './events-api';
import { eventsQueries, patchEveryMode, shownEvent, type CachedAnswers } from './events-queries';

export type { LoadStatus } from '@/lib/load-status';
import type { LoadStatus } from '@/lib/load-status';

/** Specification §4: the events list turns 'success' this long after its data arrives. */
export const LIST_SUCCESS_DELAY_MS = 500;

export interface EventsState {
  list: Event[];
  /** Whether any list answer has arrived: an empty list is then "no events", not "still loading". */
  listLoaded: boolean;
  listStatus: LoadStatus;
  listError: ApiError | null;
  listRequestId: string | null;
  /** The caller's deleted events, to restore them. */
  deleted: Event[];
  deletedStatus: LoadStatus;
  /** The event the route opens: its answers are in the server cache (events-queries.ts). */
  openId: number | null;
  /** Display mode per event id; absent means the event currency. */
  display: Record<number, DisplayMode>;
  /** The event just deleted, offered back by the undo toast. */
  undo: { id: number; name: string } | null;
  /** A failure of a change made from the event header (currency, delete, restore). */
  changeError: ApiError | null;
}

const initialState: EventsState = {
  list: [],
  listLoaded: false,
  listStatus: 'idle',
  listError: null,
  listRequestId: null,
  deleted: [],
  deletedStatus: 'idle',
  openId: null,
  display: {},
  undo: null,
  changeError: null,
};

/** `currencies.display`: the user's display currency, read as state so this slice does not load the currencies feature's widgets. */
type DisplayState = { events: EventsState; currencies?: { display: string | null } };
type ThunkConfig = { state: DisplayState; rejectValue: ApiError };
/** With the server cache's answers (absent until the screens' slices are injected). */
type CacheReadState = DisplayState & { server?: { queries: CachedAnswers } };

const fail = (err: unknown) => toApiError(err);
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function displayModeOf(state: DisplayState, id: number): DisplayMode {
  return effectiveDisplay(state.events.display[id], state.currencies?.display);
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

/** GET /event/. The data shows as soon as it arrives; the status follows 500 ms later (§4). */
export const fetchEvents = createAsyncThunk<void, void, ThunkConfig>('events/fetchList', async (_, { dispatch, getState, rejectWithValue, requestId }) => {
  try {
    // The list follows the display currency; a mode chosen in one event's header stays with that event.
    const currency = getState().currencies?.display ?? undefined;
    const events = await eventsApi.list({ currency });
    dispatch(eventsSlice.actions.listReceived({ events, requestId }));
    await wait(LIST_SUCCESS_DELAY_MS);
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

export const fetchDeletedEvents = createAsyncThunk<Event[], void, ThunkConfig>('events/fetchDeleted', async (_, { rejectWithValue }) => {
  try {
    return await eventsApi.list({ deleted: true });
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

/** The open event as the screen shows it, in its display mode; null before it has arrived. */
export const selectOpenEvent = createSelector(
  [
    (s: CacheReadState) => s.events.openId,
    (s: CacheReadState) => s.events.display,
    (s: CacheReadState) => s.currencies?.display,
    (s: CacheReadState) => s.server?.queries,
  ],
  (id, display, displayCurrency, answers): Event | null =>
    id === null ? null : shownEvent(answers, { id, mode: effectiveDisplay(display[id], displayCurrency) }),
);

type EventsThunk<R = void> = ThunkAction<R, DisplayState, unknown, UnknownAction>;

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
  if (ids.some((id) => id !== open)) void dispatch(fetchEvents());
});

/** A write answered with the event in its own currency: that is its cached answer in that mode. */
function storedAnswer(event: Event): UnknownAction {
  return eventsQueries.util.upsertQueryData('event', { id: event.id, mode: EVENT_DISPLAY }, event) as unknown as UnknownAction;
}

export const createEvent = createAsyncThunk<Event, CreateEventBody, ThunkConfig>('events/create', async (body, { rejectWithValue }) => {
  try {
    return await eventsApi.create(body);
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
export const deleteEvent = createAsyncThunk<Event, number, ThunkConfig>('events/delete', async (id, { rejectWithValue }) => {
  try {
    return await eventsApi.update(id, { del_date: null });
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

/** Restored, the event is read again wherever it is shown (it can be changed again). */
export const restoreEvent = createAsyncThunk<Event, number, ThunkConfig>('events/restore', async (id, { dispatch, rejectWithValue }) => {
  try {
    const restored = await eventsApi.update(id, { del_date: false });
    dispatch(eventStale(id));
    return restored;
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

function byLastActivity(a: Event, b: Event): number {
  return b.last_activity.localeCompare(a.last_activity) || b.id - a.id;
}

/**
 * A row keeps the list's currency (the display currency, or each event's own): the open event in
 * another currency must not leak into it, except a stored answer over a stored row (a new event
 * currency).
 */
function mergeIntoList(state: EventsState, event: Event): void {
  const i = state.list.findIndex((e) => e.id === event.id);
  const row = state.list[i];
  if (!row) return;
  const stored = (e: Event) => e.currency === e.eventCurrency && !e.approximate;
  if (event.currency !== row.currency && !(stored(event) && stored(row))) return;
  state.list[i] = event;
}

export const eventsSlice = createSlice({
  name: 'events',
  initialState,
  reducers: {
    listReceived(state, action: PayloadAction<{ events: Event[]; requestId: string }>) {
      if (action.payload.requestId !== state.listRequestId) return;
      state.list = action.payload.events;
      state.listLoaded = true;
      state.listError = null;
    },
    displayModeSet(state, action: PayloadAction<{ id: number; mode: DisplayMode }>) {
      const { id, mode } = action.payload;
      // Kept even for the event currency: it is then a choice that outranks the display currency.
      state.display[id] = mode;
    },
    /** The unread counter in the list (see eventSeen). */
    seenInList(state, action: PayloadAction<UnreadChange>) {
      const row = state.list.find((e) => e.id === action.payload.eventId);
      if (row) row.unread_cnt = unreadAfter(row.unread_cnt, action.payload);
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
      .addCase(fetchEvents.pending, (state, action) => {
        state.listRequestId = action.meta.requestId;
        state.listStatus = 'loading';
      })
      .addCase(fetchEvents.fulfilled, (state, action) => {
        if (action.meta.requestId === state.listRequestId) state.listStatus = 'success';
      })
      .addCase(fetchEvents.rejected, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        const error = action.payload ?? fail(action.error);
        if (isAborted(error)) return;
        state.listStatus = 'error';
        state.listError = error;
      })
      .addCase(fetchDeletedEvents.pending, (state) => {
        state.deletedStatus = 'loading';
      })
      .addCase(fetchDeletedEvents.fulfilled, (state, action) => {
        state.deletedStatus = 'success';
        state.deleted = action.payload;
      })
      .addCase(fetchDeletedEvents.rejected, (state) => {
        state.deletedStatus = 'error';
      })
      .addCase(createEvent.fulfilled, (state, action) => {
        state.list = [action.payload, ...state.list.filter((e) => e.id !== action.payload.id)];
        state.listLoaded = true;
      })
      // A failed updateEvent is shown by the form that asked (rename, participants), not here.
      .addCase(updateEvent.fulfilled, (state, action) => {
        mergeIntoList(state, action.payload);
      })
      .addCase(changeEventCurrency.pending, (state) => {
        state.changeError = null;
      })
      .addCase(changeEventCurrency.fulfilled, (state, action) => {
        mergeIntoList(state, action.payload);
      })
      .addCase(changeEventCurrency.rejected, (state, action) => {
        state.changeError = action.payload ?? fail(action.error);
      })
      .addCase(deleteEvent.pending, (state) => {
        state.changeError = null;
      })
      .addCase(deleteEvent.fulfilled, (state, action) => {
        const event = action.payload;
        state.list = state.list.filter((e) => e.id !== event.id);
        state.deleted = [event, ...state.deleted.filter((e) => e.id !== event.id)];
        state.undo = { id: event.id, name: eventTitle(event) };
      })
      .addCase(deleteEvent.rejected, (state, action) => {
        state.changeError = action.payload ?? fail(action.error);
      })
      .addCase(restoreEvent.fulfilled, (state, action) => {
        const event = action.payload;
        state.deleted = state.deleted.filter((e) => e.id !== event.id);
        state.list = [...state.list.filter((e) => e.id !== event.id), event].sort(byLastActivity);
        if (state.undo?.id === event.id) state.undo = null;
      })
      .addCase(restoreEvent.rejected, (state, action) => {
        state.changeError = action.payload ?? fail(action.error);
      })
      .addCase(loggedOut, () => ({ ...initialState, listStatus: 'cleared' as const }));
  },
});

export const { displayModeSet, seenInList, eventOpened, undoDismissed, changeErrorCleared } = eventsSlice.actions;

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

/** The unread counter, in the list and in the open event's cached answers. */
export const eventSeen =
  (change: UnreadChange): EventsThunk =>
  (dispatch) => {
    dispatch(seenInList(change));
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
