import axios, { AxiosError, type AxiosRequestConfig, type Method } from 'axios';
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

export const http = axios.create({ headers: { 'Content-Type': 'application/json' } });

http.interceptors.request.use((config) => {
  const token = tokenStorage.get();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

export function toApiError(err: unknown): ApiError {
  if (axios.isCancel(err) || (err instanceof AxiosError && err.code === AxiosError.ERR_CANCELED)) {
    return { message: 'aborted', code: 'aborted', status: 0 };
  }
  if (err instanceof AxiosError) {
    const status = err.response?.status ?? 0;
    const data = err.response?.data as { error?: unknown; phone?: unknown; code?: unknown; field?: unknown } | undefined;
    if (!err.response) return { message: ERROR_MESSAGES.internal, code: 'network', status: 0 };
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

export function isAborted(error: ApiError): boolean {
  return error.code === 'aborted';
}

/** One typed call. Resolves to the body; rejects with an ApiError. An empty success body is an error. */
export async function request<T>(
  method: Method,
  path: string,
  options: {
    data?: unknown;
    params?: Record<string, unknown>;
    signal?: AbortSignal;
    allowEmpty?: boolean;
    /** Extra request headers, e.g. an Idempotency-Key so a retried POST is recorded once. */
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const config: AxiosRequestConfig = {
    method,
    url: apiPath(path),
    data: options.data,
    params: options.params,
    signal: options.signal,
    headers: options.headers,
  };
  try {
    const res = await http.request<T>(config);
    if (!options.allowEmpty && (res.data === undefined || res.data === null || (res.data as unknown) === '')) {
      throw { message: ERROR_MESSAGES.empty_response, code: 'empty_response', status: res.status } satisfies ApiError;
    }
    return res.data;
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
