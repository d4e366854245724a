import type { CreateOperationBody, Operation } from '@common/contract/operations';
import { api, clientError, request } from '@/lib/api-client';
import { utcOffsetMinutes } from '@/lib/utc-offset';

/** The ledger calls of specification §7 that the operations feature makes. */

/** What the feed is narrowed to: the URL's search parameters of the transactions tab. */
export interface FeedFilter {
  q?: string;
  person?: number;
  /** Kinds, comma-separated. */
  kind?: string;
  /** Days, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

/** The query of one feed page (GET /operation/): the first one's is what first-screen-reads.ts asks for early, word for word. */
export function feedPageParams(eventId: number, page: number, currency?: string, filter?: FeedFilter): Record<string, unknown> {
  const narrowed = filter && Object.values(filter).some((v) => v !== undefined && v !== '');
  return { event: eventId, page, ...(currency ? { currency } : {}), ...(narrowed ? { ...filter, utc_offset: utcOffsetMinutes() } : {}) };
}

/**
 * POST /operation/?currency= (specification §7: the answer's amounts in that display currency).
 * The key is made once per form submission attempt chain: a retry after a timeout sends the same
 * key and the server answers with the operation it already recorded.
 */
export function postOperation(body: CreateOperationBody, idempotencyKey: string, currency?: string) {
  return request<Operation>('POST', '/operation/', { data: body, params: currency ? { currency } : undefined, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function fetchOperationCall(id: number, currency?: string, signal?: AbortSignal) {
  return api.get<Operation>(`/operation/${id}/`, currency ? { currency } : undefined, signal);
}

/** PUT /operation/{id}/: the edit says which version it was made from, so a later change by someone else is not overwritten. */
export function putOperationCall(id: number, body: CreateOperationBody, version: number, idempotencyKey: string, currency?: string) {
  return request<Operation>('PUT', `/operation/${id}/`, {
    data: body,
    params: currency ? { currency } : undefined,
    headers: { 'If-Match': `"${version}"`, 'Idempotency-Key': idempotencyKey },
  });
}

export function revertOperationCall(id: number, version: number, current: number) {
  return request<Operation>('POST', `/operation/${id}/history/${version}/restore/`, { headers: { 'If-Match': `"${current}"` } });
}

export function addReceiptCall(id: number, picture: string) {
  return api.post<Operation>(`/operation/${id}/receipts/`, { picture });
}

export function deleteReceiptCall(id: number, receiptId: number) {
  return request<Operation>('DELETE', `/operation/${id}/receipts/${receiptId}/`);
}

export function deleteOperationCall(id: number) {
  return request<Operation>('DELETE', `/operation/${id}/`);
}

export function restoreOperationCall(id: number) {
  return api.post<Operation>(`/operation/${id}/restore/`);
}

export function moveOperationCall(operationId: number, eventId: number) {
  return api.post<Operation>('/operation/move_operation/', { event_id: eventId, operation_id: operationId });
}

export function markSeenCall(id: number, all = false) {
  return api.post<{ event_id: number; unread_cnt: number }>(`/operation/${id}/seen`, all ? { all: true } : {});
}

export interface ExpensesParams {
  currency?: string;
  /** Every 'mine' figure is my event family's (the 'Whole family' toggle). */
  family?: boolean;
}

export function expensesQuery(eventId: number, { currency, family }: ExpensesParams) {
  if (!eventId) throw clientError('id_not_specified_in_expenses');
  return { event: eventId, utc_offset: utcOffsetMinutes(), ...(currency ? { currency } : {}), ...(family ? { family: 'true' } : {}) };
}

/** A fresh idempotency key; crypto.randomUUID needs a secure context, which localhost and https are. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-http deployments on a LAN address have no randomUUID; 128 random bits serve the same purpose.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
