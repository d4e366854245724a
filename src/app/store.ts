import { combineSlices, configureStore, createDynamicMiddleware, type Reducer } from '@reduxjs/toolkit';
import { authSlice, loggedOut } from '@/features/auth';
// Slice files, not the indexes, for contacts and currencies: their indexes also export widgets
// (the add-friend dialog, the currency select) that only lazily loaded screens use, and anything
// the entry imports is downloaded before the sign-in screen shows.
import { contactsSlice } from '@/features/contacts/contacts-slice';
import { currenciesSlice } from '@/features/currencies/currencies-slice';
import { profileSlice } from '@/features/profile';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { shellSlice } from './shell-slice';

/**
 * Where a feature's reducer is registered. The shell and the sign-in screen need these from the
 * start.
 */
const shellReducer = combineSlices(authSlice, profileSlice, contactsSlice, currenciesSlice, shellSlice);

/**
 * The screens' own slices, injected by ./screen-slices.ts, which the router loads with those
 * screens: these slices import their features' indexes (dialogs, money formatting), which would
 * otherwise all be in the first screen's download. Each slice's file adds itself here
 * (`declare module '@/app/store'`), so that the store imports no feature's state.
 */
export interface LazyLoadedSlices {}

export const rootReducer = shellReducer.withLazyLoadedSlices<LazyLoadedSlices>();

/** Screens read their slices only once ./screen-slices.ts has injected them, so they are typed as present. */
export type RootState = ReturnType<typeof shellReducer> & LazyLoadedSlices;

/**
 * Middleware the screens bring with their slices (./screen-slices.ts adds the server cache's), so
 * that the store, in the first download, carries none of it. Added once, it runs in every store.
 */
export const screenMiddleware = createDynamicMiddleware();

function createStore(preloadedState?: Partial<RootState>) {
  // Typed with the screens' slices present, as RootState: only the screens that load them read them.
  const reducer = rootReducer as unknown as Reducer<RootState>;
  return configureStore({
    reducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (defaults) => defaults().concat(screenMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

let lastStore: AppStore | null = null;

/**
 * After rootReducer.inject: gives the app's store the new slices' initial state at once (a store
 * fills it only on its next action, and a screen may read it before that). Tests inject before
 * making any store.
 */
export function slicesInjected(): void {
  lastStore?.dispatch({ type: 'app/slicesInjected' });
}

/** A new store: one per app start, and one per web test with the state it needs. */
export function makeStore(preloadedState?: Partial<RootState>): AppStore {
  const store = createStore(preloadedState);
  // Specification §4: any 401 answer logs the user out.
  setUnauthorizedHandler(() => {
    if (store.getState().auth.token) store.dispatch(loggedOut());
  });
  lastStore = store;
  return store;
}
