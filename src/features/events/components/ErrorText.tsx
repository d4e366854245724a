import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api-client';

/** A server failure in the reader's language: by its code (DESIGN §6), else the server's text. */
export function errorMessage(t: (key: string, opts?: Record<string, unknown>) => string, error: ApiError | null, fallback: string): string {
  if (!error) return fallback;
  if (error.code === 'network' || error.code === 'aborted') return fallback;
  return t(`errors:${error.code}`, { defaultValue: error.message || fallback });
}

export function ErrorText({ error, fallback, className }: { error: ApiError | null; fallback: string; className?: string }) {
  const { t } = useTranslation();
  return <p className={className}>{errorMessage(t, error, fallback)}</p>;
}
