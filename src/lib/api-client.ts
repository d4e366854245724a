import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '@common/errors';
import { tokenStorage } from './storage';

/** A failure as the store keeps it: plain data, serialisable, translated by code on screen. */
export interface ApiError {
  message: string;
  code: ErrorCode | 'aborted' | 'network';
  status: number;
  field?: string;
}

export const API_BASE = '/app/api';

/** Specification §7: every path goes under /app/api with /v1 inserted unless it already names v2. */
export function apiPath(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return p.includes('v2') ? `${API_BASE}${p}` : `${API_BASE}/v1${p}`;
}

let onUnauthorized: (() => void) | null = null;
/** The store registers what a 401 does (log out); kept out of this module to avoid a cycle. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** A method this client sends. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer outside 2xx, with its parsed body, until toApiError turns it into an ApiError. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** No answer at all: the network failed, or the request was aborted. */
class NoResponse extends Error {
  constructor(readonly aborted: boolean) {
    super(aborted ? 'aborted' : 'network');
  }
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof NoResponse) {
    return err.aborted ? { message: 'aborted', code: 'aborted', status: 0 } : { message: ERROR_MESSAGES.internal, code: 'network', status: 0 };
  }
  if (err instanceof HttpError) {
    const status = err.status;
    const data = (err.data && typeof err.data === 'object' ? err.data : undefined) as
      | { error?: unknown; phone?: unknown; code?: unknown; field?: unknown }
      | undefined;
    const code: ErrorCode = isErrorCode(data?.code) ? data.code : status >= 500 ? 'internal' : 'bad_request';
    const message =
      typeof data?.error === 'string' ? data.error : typeof data?.phone === 'string' ? data.phone : ERROR_MESSAGES[code];
    const out: ApiError = { message, code, status };
    if (typeof data?.field === 'string') out.field = data.field;
    else if (typeof data?.phone === 'string') out.field = 'phone';
    return out;
  }
  if (err && typeof err === 'object' && 'code' in err && 'message' in err) return err as ApiError;
  return { message: ERROR_MESSAGES.internal, code: 'internal', status: 0 };
}

/** Query parameters as the server reads them: absent values left out, the rest as strings. */
function queryString(params?: Record<string, unknown>): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The body as JSON when it parses, else its text ('' when empty), as the callers expect. */
async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(method: Method, url: string, options: RequestOptions): Promise<{ status: number; data: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...options.headers };
  const token = tokenStorage.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A JSON content type with no body is refused by the server, so it goes only with a body.
  if (options.data !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  let data: unknown;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: options.data === undefined ? undefined : JSON.stringify(options.data),
      signal: options.signal,
    });
    data = await readBody(res);
  } catch {
    // fetch rejects with the abort reason itself (any value), so the signal is what tells.
    throw new NoResponse(options.signal?.aborted === true);
  }
  if (res.status < 200 || res.status >= 300) throw new HttpError(res.status, data);
  return { status: res.status, data };
}

interface RequestOptions {
  data?: unknown;
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  allowEmpty?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key so a retried POST is recorded once. */
  headers?: Record<string, string>;
}

export function isAborted(error: ApiError): boolean {
  return error.code === 'aborted';
}

/** One typed call. Resolves to the body; rejects with an ApiError. An empty success body is an error. */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    const res = await send(method, apiPath(path) + queryString(options.params), options);
    if (!options.allowEmpty && (res.data === undefined || res.data === null || res.data === '')) {
      throw { message: ERROR_MESSAGES.empty_response, code: 'empty_response', status: res.status } satisfies ApiError;
    }
    return res.data as T;
  } catch (err) {
    const apiError = toApiError(err);
    if (apiError.status === 401 && onUnauthorized) onUnauthorized();
    throw apiError;
  }
}

export const api = {
  get: <T>(path: string, params?: Record<string, unknown>, signal?: AbortSignal) => request<T>('GET', path, { params, signal }),
  post: <T>(path: string, data?: unknown, params?: Record<string, unknown>) => request<T>('POST', path, { data, params }),
  put: <T>(path: string, data?: unknown) => request<T>('PUT', path, { data }),
  delete: <T>(path: string, data?: unknown) => request<T>('DELETE', path, { data, allowEmpty: true }),
};
