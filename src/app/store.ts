import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authSlice, loggedOut } from '@/features/auth';
import { contactsSlice } from '@/features/contacts';
// The slice itself, not the index: the index also exports the currency select, which only lazily loaded screens use.
import { currenciesSlice } from '@/features/currencies/currencies-slice';
import { eventsSlice } from '@/features/events';
import { operationsSlice } from '@/features/operations';
import { peopleSlice } from '@/features/people';
import { profileSlice } from '@/features/profile';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { shellSlice } from './shell-slice';

const rootReducer = combineReducers({
  [authSlice.name]: authSlice.reducer,
  [profileSlice.name]: profileSlice.reducer,
  [contactsSlice.name]: contactsSlice.reducer,
  [currenciesSlice.name]: currenciesSlice.reducer,
  [eventsSlice.name]: eventsSlice.reducer,
  [operationsSlice.name]: operationsSlice.reducer,
  [peopleSlice.name]: peopleSlice.reducer,
  [shellSlice.name]: shellSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A new store: one per app start, and one per web test with the state it needs. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({ reducer: rootReducer, preloadedState: preloadedState as RootState | undefined });
  // Specification §4: any 401 answer logs the user out.
  setUnauthorizedHandler(() => {
    if (store.getState().auth.token) store.dispatch(loggedOut());
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
