import type { AxiosInstance } from 'axios';
import { ERROR_MESSAGES, type ErrorCode } from '@common/errors';
import { API_BASE, readKey } from './api-paths';
import { forgetEarlyReads, keepEarlyRead, takeEarlyRead } from './early-reads';
import { recallAnswer, rememberAnswer } from './offline-answers';
import { offlineStatus } from './offline-status';
import { tokenStorage } from './storage';

/** A failure as the store keeps it: plain data, serialisable, translated by code on screen. */
export interface ApiError {
  message: string;
  code: ErrorCode | 'aborted' | 'network';
  status: number;
  field?: string;
}

export { API_BASE, apiPath } from './api-paths';

let onUnauthorized: (() => void) | null = null;
/** The store registers what a 401 does (log out); kept out of this module to avoid a cycle. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** A method this client sends. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let client: Promise<AxiosInstance> | null = null;

/**
 * The one typed axios client for /app/api (./axios-client.ts). It is fetched as its own chunk when
 * the app starts, so the first screen paints without it; the first call waits for it.
 */
export function apiClient(): Promise<AxiosInstance> {
  client ??= import('./axios-client').then(({ createApiClient }) => createApiClient(API_BASE, () => onUnauthorized?.()));
  return client;
}

/** Anything a call rejected with, as an ApiError: the client's own rejections already are one. */
export function toApiError(err: unknown): ApiError {
  if (err && typeof err === 'object' && 'code' in err && 'message' in err) return err as ApiError;
  return { message: ERROR_MESSAGES.internal, code: 'internal', status: 0 };
}

interface RequestOptions {
  data?: unknown;
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  allowEmpty?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key so a retried POST is recorded once. */
  headers?: Record<string, string>;
  /** 'text' for a download that is not JSON (a spreadsheet). */
  responseType?: 'json' | 'text';
  /**
   * An answer the server lets browsers keep (GET /config/). It may come from the browser's cache,
   * so it says nothing of the connection; nor is it kept on this device for offline use.
   */
  cacheable?: boolean;
  /** How much of a large body has been sent, 0 to 1, as it goes. */
  onUploadProgress?: (fraction: number) => void;
  /** Bytes of a large answer received so far, as they arrive. */
  onDownloadProgress?: (bytes: number) => void;
}

/** A failure the web app finds itself in an answer (specification §8), in the shape of the server's. */
export function clientError(code: ErrorCode): ApiError {
  return { message: ERROR_MESSAGES[code], code, status: 0 };
}

function abortedError(): ApiError {
  return { message: 'aborted', code: 'aborted', status: 0 };
}

export function isAborted(error: ApiError): boolean {
  return error.code === 'aborted';
}

/**
 * One typed call. Resolves to the body; rejects with an ApiError. An empty success body is an error.
 * A read the server answered is kept on this device; with no connection the kept answer is given
 * instead, and the offline status says from when (./offline-answers.ts).
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  if (method !== 'GET') forgetEarlyReads();
  const token = method === 'GET' && options.responseType !== 'text' && !options.cacheable ? tokenStorage.get() : null;
  if (!token) return send<T>(method, path, options);
  const early = takeEarlyRead(readKey(path, options.params), token);
  if (early) return awaitUnlessAborted(early as Promise<T>, options.signal);
  try {
    const data = await send<T>(method, path, options);
    offlineStatus.reachedServer();
    void rememberAnswer(token, path, options.params, data);
    return data;
  } catch (err) {
    if ((err as ApiError).code !== 'network') throw err;
    const saved = await recallAnswer(token, path, options.params);
    if (!saved) throw err;
    offlineStatus.showingSaved(saved.at);
    return saved.data as T;
  }
}

/**
 * Begins a read that a screen about to draw will make (./early-reads.ts): its call, when it comes,
 * takes this answer. Only for a signed-in user, whose reads alone are kept.
 */
export function readEarly(path: string, params?: Record<string, unknown>): void {
  const token = tokenStorage.get();
  if (token) keepEarlyRead(readKey(path, params), token, request('GET', path, { params }));
}

/** An answer already on its way, given up on as a call of its own would be when `signal` aborts. */
function awaitUnlessAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(abortedError());
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(abortedError());
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function send<T>(method: Method, path: string, options: RequestOptions): Promise<T> {
  const http = await apiClient().catch(() => {
    // The client's chunk did not arrive: the same as a failed network.
    throw { message: ERROR_MESSAGES.internal, code: 'network', status: 0 } satisfies ApiError;
  });
  if (options.signal?.aborted) throw abortedError();
  const res = await http.request<unknown>({
    method,
    url: path,
    data: options.data,
    params: options.params,
    signal: options.signal,
    headers: options.headers,
    responseType: options.responseType,
    onUploadProgress: options.onUploadProgress && ((e) => options.onUploadProgress?.(e.total ? e.loaded / e.total : 0)),
    onDownloadProgress: options.onDownloadProgress && ((e) => options.onDownloadProgress?.(e.loaded)),
  });
  if (!options.allowEmpty && (res.data === undefined || res.data === null || res.data === '')) {
    throw { message: ERROR_MESSAGES.empty_response, code: 'empty_response', status: res.status } satisfies ApiError;
  }
  return res.data as T;
}

export const api = {
  get: <T>(path: string, params?: Record<string, unknown>, signal?: AbortSignal) => request<T>('GET', path, { params, signal }),
  post: <T>(path: string, data?: unknown, params?: Record<string, unknown>) => request<T>('POST', path, { data, params }),
  put: <T>(path: string, data?: unknown) => request<T>('PUT', path, { data }),
  delete: <T>(path: string, data?: unknown) => request<T>('DELETE', path, { data, allowEmpty: true }),
  /** A download that is text, not JSON (a spreadsheet): the body as it came. */
  text: (path: string, params?: Record<string, unknown>) => request<string>('GET', path, { params, responseType: 'text' }),
};
