import type { TFunction } from 'i18next';
import { isErrorCode } from '@common/errors';
import type { ApiError } from '@/lib/api-client';

/** A refusal in the reader's language: by its code (DESIGN §6), else the server's own text. */
export function apiErrorText(t: TFunction<'operations'>, error: ApiError): string {
  return isErrorCode(error.code) ? t(`errors:${error.code}`, { defaultValue: error.message }) : error.message;
}
