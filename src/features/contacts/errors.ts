import type { ApiError } from '@/lib/api-client';

type Translate = (key: string, opts?: Record<string, unknown>) => string;

/** A server failure in the reader's language: by its code, else the server's own text; a lost connection says so. */
export function apiErrorText(t: Translate, error: ApiError): string {
  if (error.code === 'network' || error.code === 'aborted') return t('contacts:networkError');
  return t(`errors:${error.code}`, { defaultValue: error.message || t('contacts:networkError') });
}
