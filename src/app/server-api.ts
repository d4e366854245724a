import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { Middleware, SerializedError, WithSlice } from '@reduxjs/toolkit';
import { loggedOut } from '@/features/auth';
import { request, toApiError, type ApiError, type Method } from '@/lib/api-client';
import { ledgerChanged } from './ledger-changed';

/** A call to the server: a path under /app/api, its query and, for a write, its method and body. */
export interface ServerCall {
  path: string;
  params?: Record<string, unknown>;
  method?: Method;
  data?: unknown;
}

/**
 * A call's outcome as the cache takes it: its answer, or what it failed with as an ApiError. An
 * endpoint whose answer a feature's own client checks (`queryFn`) answers through this too.
 */
export async function cacheAnswer<T>(call: () => Promise<T>): Promise<{ data: T } | { error: ApiError }> {
  try {
    return { data: await call() };
  } catch (err) {
    return { error: toApiError(err) };
  }
}

/**
 * Every call goes through the one typed axios client (api-client.ts), so it keeps what that client
 * does: the early reads of the first screen, the answers kept for offline use, the 401 that logs out.
 */
const axiosBaseQuery: BaseQueryFn<ServerCall, unknown, ApiError> = ({ path, params, method = 'GET', data }, { signal }) =>
  cacheAnswer(() => request(method, path, { params, data, signal }));

/** What a read or write through the cache failed with, as an ApiError (the base query's own, or 'internal'); null when none. */
export function cacheError(error: ApiError | SerializedError | undefined): ApiError | null {
  return error === undefined ? null : toApiError(error);
}

/**
 * Server data on the client (decision 0068): one cache of answers, each feature injecting its own
 * endpoints (`serverApi.injectEndpoints`). A figure read from the ledger provides the `Ledger` tag
 * of its event; any change to the money invalidates them all, and whatever is on screen reads
 * again, in parallel.
 */
export const serverApi = createApi({
  reducerPath: 'server',
  baseQuery: axiosBaseQuery,
  tagTypes: ['Ledger', 'Event', 'EventList', 'Recurrence', 'Feed'],
  // Kept a minute after its screen goes: switching tabs and back shows it at once, and reads it
  // again, since others may have written meanwhile.
  keepUnusedDataFor: 60,
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

/**
 * The cache follows the rest of the app: the money changed (ledgerChanged, which every write
 * dispatches) invalidates every ledger figure, and signing out forgets everything read.
 */
export const serverCacheRules: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (ledgerChanged.match(action)) store.dispatch(serverApi.util.invalidateTags(['Ledger']));
  if (loggedOut.match(action)) store.dispatch(serverApi.util.resetApiState());
  return result;
};

declare module '@/app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof serverApi> {}
}
