/**
 * The axios instance behind src/lib/api-client.ts (the owner's design card: one typed axios
 * client for /app/api). Loaded as its own chunk as soon as the app starts, in parallel with the
 * first screen, so that the sign-in screen paints without waiting for it (decision 0019).
 */
import axios, { type AxiosInstance } from 'axios';
import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '@common/errors';
import type { ApiError } from './api-client';
import { versioned } from './api-paths';
import { tokenStorage } from './storage';

/** Query parameters as the server reads them: absent values left out, the rest as strings, dates as ISO 8601. */
function queryString(params?: Record<string, unknown>): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, value instanceof Date ? value.toISOString() : String(value));
  }
  return search.toString();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An axios failure as the store keeps it: the server's `error` (or `phone`) message, its code and field. */
export function fromAxiosError(err: unknown): ApiError | null {
  if (axios.isCancel(err)) return { message: 'aborted', code: 'aborted', status: 0 };
  if (!axios.isAxiosError(err)) return null;
  if (!err.response) return { message: ERROR_MESSAGES.internal, code: 'network', status: 0 };
  const status = err.response.status;
  // A download asked for as text gets its error as text too: it is still the server's JSON.
  const body: unknown = typeof err.response.data === 'string' ? parseJson(err.response.data) : err.response.data;
  const data = (body && typeof body === 'object' ? body : undefined) as { error?: unknown; phone?: unknown; code?: unknown; field?: unknown } | undefined;
  const code: ErrorCode = isErrorCode(data?.code) ? data.code : status >= 500 ? 'internal' : 'bad_request';
  const message = typeof data?.error === 'string' ? data.error : typeof data?.phone === 'string' ? data.phone : ERROR_MESSAGES[code];
  const out: ApiError = { message, code, status };
  if (typeof data?.field === 'string') out.field = data.field;
  else if (typeof data?.phone === 'string') out.field = 'phone';
  return out;
}

/**
 * The instance: the base URL, the v1/v2 path rule and the stored token on every request; every
 * failure rejected as an ApiError, a 401 also calling `onUnauthorized` (logout).
 */
export function createApiClient(baseURL: string, onUnauthorized: () => void): AxiosInstance {
  const client = axios.create({
    baseURL,
    headers: { Accept: 'application/json, text/plain, */*' },
    paramsSerializer: { serialize: queryString },
    // The API knows a caller by the Authorization header and sets no XSRF cookie. Left to look for
    // one, axios asks the browser's Cookie Store for it, which answers asynchronously: each request
    // then left only once the browser had answered and the page's thread was free. As the app
    // starts, that thread is busy loading the screen, which held the first reads back by 100 to
    // 250 ms each on a slow phone (decision 0057).
    withXSRFToken: false,
  });
  client.interceptors.request.use((config) => {
    config.url = versioned(config.url ?? '');
    const token = tokenStorage.get();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(undefined, (err: unknown) => {
    const apiError = fromAxiosError(err) ?? { message: ERROR_MESSAGES.internal, code: 'internal' as const, status: 0 };
    if (apiError.status === 401) onUnauthorized();
    return Promise.reject(apiError);
  });
  return client;
}
