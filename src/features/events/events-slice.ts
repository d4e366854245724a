import { createAsyncThunk, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CreateEventBody, Event } from '@common/contract/events';
import { isAborted, toApiError, type ApiError } from '@/lib/api-client';
import { ledgerChanged } from '@/app/ledger-changed';
import { loggedOut } from '@/features/auth';
import { effectiveDisplay, eventsApi, type DisplayMode } from './events-api';

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
  /** The open event, in its display mode. */
  current: Event | null;
  currentId: number | null;
  currentStatus: LoadStatus;
  currentError: ApiError | null;
  currentRequestId: string | null;
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
  current: null,
  currentId: null,
  currentStatus: 'idle',
  currentError: null,
  currentRequestId: null,
  display: {},
  undo: null,
  changeError: null,
};

/** `currencies.display`: the user's display currency, read as state so this slice does not load the currencies feature's widgets. */
type DisplayState = { events: EventsState; currencies?: { display: string | null } };
type ThunkConfig = { state: DisplayState; rejectValue: ApiError };

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

/**
 * GET /event/{id}/ in the event's display mode (`?currency=`, or `original/`). Call it after any
 * change to the event's operations so the balances shown are the server's again.
 */
export const fetchEvent = createAsyncThunk<Event, number, ThunkConfig>('events/fetchOne', async (id, { getState, rejectWithValue, signal }) => {
  try {
    return await eventsApi.get(id, displayModeOf(getState(), id), signal);
  } catch (err) {
    return rejectWithValue(fail(err));
  }
});

/**
 * After operations changed in these events, the server's balances are read again: the open event
 * in place (fetchEvent), any other through the list. Fetching another event with fetchEvent would
 * make it the open one, and the screen the user is on would wait for an event it never gets.
 */
export const eventsChanged = createAsyncThunk<void, readonly number[], ThunkConfig>('events/changed', async (ids, { dispatch, getState }) => {
  dispatch(ledgerChanged());
  const open = getState().events.currentId;
  if (open !== null && ids.includes(open)) void dispatch(fetchEvent(open));
  if (ids.some((id) => id !== open)) void dispatch(fetchEvents());
});

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
 * PUT /event/{id}/ data. The answer is in the event currency; when the event is shown in another
 * mode, it is read again in that mode so the screen never mixes currencies.
 */
export const updateEvent = createAsyncThunk<{ stored: Event; shown: Event }, EventChange, ThunkConfig>(
  'events/update',
  async ({ id, data }, { dispatch, getState, rejectWithValue }) => {
    try {
      const stored = await eventsApi.update(id, { data });
      // Families and people decide every share and debt; a new name or picture changes no figure.
      if (data.families !== undefined || data.contacts !== undefined) dispatch(ledgerChanged());
      const mode = displayModeOf(getState(), id);
      const shown = mode.kind === 'event' ? stored : await eventsApi.get(id, mode);
      return { stored, shown };
    } catch (err) {
      return rejectWithValue(fail(err));
    }
  },
);

/** Specification §4: switching the event currency sets 'original' mode (amounts as entered). */
export const changeEventCurrency = createAsyncThunk<{ stored: Event; shown: Event }, { id: number; currency: string }, ThunkConfig>(
  'events/changeCurrency',
  async ({ id, currency }, { dispatch, rejectWithValue }) => {
    try {
      const stored = await eventsApi.update(id, { data: { eventCurrency: currency } });
      dispatch(ledgerChanged());
      dispatch(eventsSlice.actions.displayModeSet({ id, mode: { kind: 'original' } }));
      const shown = await eventsApi.get(id, { kind: 'original' });
      return { stored, shown };
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

export const restoreEvent = createAsyncThunk<Event, number, ThunkConfig>('events/restore', async (id, { rejectWithValue }) => {
  try {
    return await eventsApi.update(id, { del_date: false });
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

function setCurrent(state: EventsState, event: Event): void {
  if (state.currentId === event.id) {
    state.current = event;
    state.currentStatus = 'success';
    state.currentError = null;
  }
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
    /**
     * Specification §4: the unread counter goes to 0 when all are marked seen, otherwise drops by
     * one, never below 0. `unread` (the server's count) wins when given.
     */
    eventSeen(state, action: PayloadAction<{ eventId: number; all?: boolean; unread?: number }>) {
      const { eventId, all, unread } = action.payload;
      for (const e of [...state.list, ...(state.current ? [state.current] : [])]) {
        if (e.id !== eventId) continue;
        e.unread_cnt = unread !== undefined ? Math.max(0, unread) : all ? 0 : Math.max(0, e.unread_cnt - 1);
      }
    },
    undoDismissed(state) {
      state.undo = null;
    },
    changeErrorCleared(state) {
      state.changeError = null;
    },
    eventClosed(state) {
      state.currentId = null;
      state.current = null;
      state.currentStatus = 'idle';
      state.currentError = null;
      state.currentRequestId = null;
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
      .addCase(fetchEvent.pending, (state, action) => {
        state.currentRequestId = action.meta.requestId;
        if (state.currentId !== action.meta.arg || !state.current) {
          state.currentId = action.meta.arg;
          state.current = null;
          state.currentStatus = 'loading';
          state.currentError = null;
        }
      })
      .addCase(fetchEvent.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.currentRequestId) return;
        setCurrent(state, action.payload);
        mergeIntoList(state, action.payload);
      })
      .addCase(fetchEvent.rejected, (state, action) => {
        if (action.meta.requestId !== state.currentRequestId) return;
        const error = action.payload ?? fail(action.error);
        if (isAborted(error)) return;
        state.currentStatus = 'error';
        state.currentError = error;
      })
      .addCase(createEvent.fulfilled, (state, action) => {
        state.list = [action.payload, ...state.list.filter((e) => e.id !== action.payload.id)];
        state.listLoaded = true;
      })
      // A failed updateEvent is shown by the form that asked (rename, participants), not here.
      .addCase(updateEvent.fulfilled, (state, action) => {
        mergeIntoList(state, action.payload.stored);
        setCurrent(state, action.payload.shown);
      })
      .addCase(changeEventCurrency.pending, (state) => {
        state.changeError = null;
      })
      .addCase(changeEventCurrency.fulfilled, (state, action) => {
        mergeIntoList(state, action.payload.stored);
        setCurrent(state, action.payload.shown);
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
        if (state.currentId === event.id) {
          state.current = null;
          state.currentId = null;
          state.currentStatus = 'idle';
        }
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
      .addCase(loggedOut, () => ({ ...initialState, listStatus: 'cleared' as const, currentStatus: 'cleared' as const }));
  },
});

export const { displayModeSet, eventSeen, undoDismissed, changeErrorCleared, eventClosed } = eventsSlice.actions;

// Injected lazily, with the screens that read it (src/app/screen-slices.ts): declared here, so that
// the store's RootState has it without the store importing this feature.
declare module '@/app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof eventsSlice> {}
}
