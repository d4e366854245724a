import type { TFunction } from 'i18next';
import type { ErrorCode } from '@common/errors';
import type { ApiError } from '@/lib/api-client';

/** Answers that say nothing about this step; the screen shows its own failure text instead (specification §8). */
const GENERIC = new Set<ApiError['code']>([
  'internal',
  'network',
  'bad_request',
  'validation_failed',
  'empty_response',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
]);

/** The translated text of an auth failure, or null for an aborted request (silently ignored). */
export function authErrorText(t: TFunction, error: ApiError | null, fallback: ErrorCode): string | null {
  if (!error || error.code === 'aborted') return null;
  return t(`errors:${GENERIC.has(error.code) ? fallback : error.code}`);
}
