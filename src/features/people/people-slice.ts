import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { PeopleFamily, PeopleListResponse, Person } from '@common/contract/people';
import { type ApiError, toApiError } from '@/lib/api-client';
import { loggedOut } from '../auth';
import { addContact, deleteContact } from '../contacts';
import { fetchPeoplePageCall } from './people-api';
import { contactMarked, type ServerCacheState } from './people-queries';

export type PeopleStatus = 'idle' | 'loading' | 'success' | 'error';

export interface PeopleListState {
  /** The rows of every page read so far, in the server's order. */
  items: Person[];
  /** 'Whole family' rows by family id, from whichever page last mentioned the family. */
  families: Record<number, PeopleFamily>;
  page: number;
  pages: number;
  count: number;
  /** The display currency the rows are in (null: per currency). */
  currency: string | null;
  approximate: boolean;
  loaded: boolean;
  status: PeopleStatus;
  error: ApiError | null;
}

export interface PeopleState {
  list: PeopleListState;
}

const initialList: PeopleListState = {
  items: [],
  families: {},
  page: 0,
  pages: 0,
  count: 0,
  currency: null,
  approximate: false,
  loaded: false,
  status: 'idle',
  error: null,
};
const initialState: PeopleState = { list: initialList };

interface ThunkConfig {
  state: { people: PeopleState } & ServerCacheState;
  rejectValue: ApiError;
}

/** One page of the People list (20 a page, specification §9); page 1 starts the list again. */
export const fetchPeople = createAsyncThunk<PeopleListResponse, { page: number; currency: string | null }, ThunkConfig>(
  'people/fetchList',
  async ({ page, currency }, { rejectWithValue, signal }) => {
    try {
      return await fetchPeoplePageCall(page, currency, signal);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
  {
    // A scroll that reaches the end twice while a page is on its way asks for it once.
    condition: ({ page }, { getState }) => !(page > 1 && getState().people.list.status === 'loading'),
  },
);

/**
 * The pages already shown, read again side by side after a change to the money, so the rows keep
 * their place and every balance on them is the server's.
 */
export const reloadPeople = createAsyncThunk<PeopleListResponse, { pages: number; currency: string | null }, ThunkConfig>(
  'people/reloadList',
  async ({ pages, currency }, { rejectWithValue, signal }) => {
    try {
      const answers = await Promise.all(Array.from({ length: Math.max(1, pages) }, (_, i) => fetchPeoplePageCall(i + 1, currency, signal)));
      const last = answers[answers.length - 1]!;
      const seen = new Set<number>();
      const objects = answers.flatMap((a) => a.objects).filter((p) => !seen.has(p.uid) && seen.add(p.uid));
      return { ...last, objects, families: answers.flatMap((a) => a.families) };
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

/** Adds someone on the People page to my contacts under the name I see them by. */
export const addToContacts = createAsyncThunk<number, { uid: number; name: string; phone: string }, ThunkConfig>(
  'people/addContact',
  async ({ uid, name, phone }, { dispatch, rejectWithValue }) => {
    const result = await dispatch(addContact({ name, phone }));
    if (addContact.rejected.match(result)) return rejectWithValue(result.payload ?? toApiError(result.error));
    dispatch(contactMarked(uid, true));
    return uid;
  },
);

/** Removes someone from my contacts; people I still share an event with stay on the page. */
export const deleteFromContacts = createAsyncThunk<number, { uid: number; phone: string }, ThunkConfig>(
  'people/deleteContact',
  async ({ uid, phone }, { dispatch, getState, rejectWithValue }) => {
    const result = await dispatch(deleteContact(phone));
    if (deleteContact.rejected.match(result)) return rejectWithValue(result.payload ?? toApiError(result.error));
    dispatch(contactMarked(uid, false));
    // Whether they stay on the page depends on shared events only the server knows of.
    await dispatch(fetchPeople({ page: 1, currency: getState().people.list.currency }));
    return uid;
  },
);

export const peopleSlice = createSlice({
  name: 'people',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchPeople.pending, (state) => {
        state.list.status = 'loading';
        state.list.error = null;
      })
      .addCase(fetchPeople.fulfilled, (state, action) => {
        const res = action.payload;
        const list = state.list;
        // A later page asked for before the display currency changed does not belong to this list.
        if (action.meta.arg.page > 1 && (action.meta.arg.currency !== list.currency || action.meta.arg.page !== list.page + 1)) return;
        list.status = 'success';
        list.loaded = true;
        list.pages = res.pages;
        list.count = res.count;
        list.currency = res.currency;
        list.approximate = res.approximate;
        if (action.meta.arg.page === 1) {
          list.items = res.objects;
          list.families = {};
        } else {
          // Someone added meanwhile shifts the pages: a row already shown is not shown twice.
          const seen = new Set(list.items.map((p) => p.uid));
          list.items.push(...res.objects.filter((p) => !seen.has(p.uid)));
        }
        list.page = action.meta.arg.page;
        for (const f of res.families) list.families[f.id] = f;
      })
      .addCase(fetchPeople.rejected, (state, action) => {
        if (action.payload?.code === 'aborted' || action.meta.aborted) {
          state.list.status = state.list.loaded ? 'success' : 'idle';
          return;
        }
        state.list.status = 'error';
        state.list.error = action.payload ?? toApiError(action.error);
      })
      .addCase(reloadPeople.fulfilled, (state, action) => {
        const list = state.list;
        // A change of display currency meanwhile started a list of its own.
        if (action.meta.arg.currency !== list.currency) return;
        list.items = action.payload.objects;
        list.families = {};
        for (const f of action.payload.families) list.families[f.id] = f;
        list.pages = action.payload.pages;
        list.count = action.payload.count;
        list.approximate = action.payload.approximate;
        list.page = Math.min(Math.max(1, action.meta.arg.pages), action.payload.pages || 1);
      })
      .addCase(addToContacts.fulfilled, (state, action) => {
        for (const p of state.list.items) if (p.uid === action.payload) p.is_contact_exists = true;
      })
      .addCase(loggedOut, () => initialState);
  },
});

// Injected lazily, with the screens that read it (src/app/screen-slices.ts): declared here, so that
// the store's RootState has it without the store importing this feature.
declare module '@/app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof peopleSlice> {}
}

/** The list's rows with each family's members together and its 'Whole family' row after them. */
export type PeopleRow = { type: 'person'; person: Person; family: PeopleFamily | null } | { type: 'family'; family: PeopleFamily };

export function peopleRows(items: readonly Person[], families: Record<number, PeopleFamily>): PeopleRow[] {
  const rows: PeopleRow[] = [];
  for (let i = 0; i < items.length; i++) {
    const person = items[i]!;
    const family = person.family ? (families[person.family.id] ?? null) : null;
    rows.push({ type: 'person', person, family });
    const next = items[i + 1];
    // The server keeps a family's members together; the whole-family row closes the group.
    if (family && family.members.length > 1 && next?.family?.id !== family.id) rows.push({ type: 'family', family });
  }
  return rows;
}
