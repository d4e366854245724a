import { z } from 'zod';
import { isImportRate } from '../money-limits';
import { amount, currencyCode, id, userText } from './common';
import { event, EVENT_NAME_MAX } from './events';
import { operation, operationVersion } from './operations';
import { NAME_MAX_LENGTH } from './user';

/**
 * Data in and out (docs/decisions/0029-export-and-import.md): an event exported as a spreadsheet or
 * as JSON, and a group's history moved in from another app's export.
 */

/** GET /event/{id}/export/csv/?lang=: the language of the spreadsheet's headings and kinds. */
export const exportCsvQuery = z.object({ lang: z.enum(['en', 'ru']).default('en') });

/** GET /event/{id}/export/: the whole event as its participants see it, every operation with its history. */
export const eventExport = z.object({
  format: z.literal('dolya.event'),
  version: z.literal(1),
  exported_at: z.string(),
  event: event,
  operations: z.array(operation.extend({ versions: z.array(operationVersion) })),
});
export type EventExport = z.infer<typeof eventExport>;

/** A file to import: its text, at most 5 MB (ten years of a shared flat is about 2 MB). */
export const IMPORT_FILE_MAX = 5_000_000;
export const importFileBody = z.object({ file: z.string().min(1).max(IMPORT_FILE_MAX) });

export const IMPORT_ROW_PROBLEMS = [
  'date_unreadable',
  'currency_unknown',
  'amount_unreadable',
  'amount_too_large',
  'effects_do_not_sum',
  'no_money_moved',
  'payer_unknown',
] as const;

/** A rate the importer gives (common/money-limits.ts isImportRate). */
export const importRate = z.string().refine(isImportRate);

/**
 * POST /import/preview/: the file, and the event currency and rates the import would be given, so
 * that the preview prices the rows as the import will.
 */
export const importPreviewBody = importFileBody.extend({
  currency: currencyCode.optional(),
  /** Rates for the currencies of `rates_missing` the rows need, by currency code. */
  rates: z.record(currencyCode, importRate).optional(),
});
export type ImportPreviewBody = z.infer<typeof importPreviewBody>;

/** POST /import/preview/: what the import would write, with nothing written. */
export const importPreview = z.object({
  format: z.enum(['splitwise', 'dolya', 'spliit']),
  /** The event currency proposed: the one most rows are in. */
  currency: currencyCode,
  currencies: z.array(currencyCode),
  operations: z.number().int(),
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
  people: z.array(
    z.object({
      name: z.string(),
      /** Their balance after the import, per currency of the rows. */
      totals: z.array(z.object({ currency: currencyCode, amount: amount })),
      /** The caller or a contact of theirs with this name, when exactly one has it. */
      match: id.nullable(),
      /** Their balance per currency by the file's own 'Total balance' rows, when it has them. */
      file_totals: z.array(z.object({ currency: currencyCode, amount: amount })).optional(),
      /** The lines of the rows left out (see `problems`) that move their money. */
      left_out: z.array(z.number().int()),
      /**
       * The group's members who left, together (named ''): a Splitwise group's rows that moved their
       * money do not add up without them. Imported as one person known by name alone.
       */
      departed: z.boolean().optional(),
    }),
  ),
  /** Whether the rows add up to the file's own 'Total balance' rows; null when it has none. */
  totals_match: z.boolean().nullable(),
  /** Rows that will not be imported, by line (the header is line 1), or in a JSON file by `path` ('operations[3]'), and why. */
  problems: z.array(z.object({ line: z.number().int(), code: z.enum(IMPORT_ROW_PROBLEMS), path: z.string().optional() })),
  /**
   * Currencies of the file, and the event currency asked for, the app has no exchange rate for
   * (the central banks publish none). Converting a row from or into one needs the rate the
   * importer gives (`rates` on the import).
   */
  rates_missing: z.array(currencyCode),
  /**
   * The import in the event currency asked for (else the one proposed): each person's balance
   * after it, in `people` order, and the one rate each currency of the file's own balances is
   * converted at, all its rows together (decision 0072). Null while a rate the importer must
   * give is missing.
   */
  result: z
    .object({
      currency: currencyCode,
      balances: z.array(amount),
      rates: z.array(z.object({ currency: currencyCode, rate: z.string(), day: z.string().nullable() })),
    })
    .nullable(),
});
export type ImportPreview = z.infer<typeof importPreview>;

/**
 * POST /import/: the event to create, and who each person of the file is: a contact (or the
 * caller), a phone to add, or with neither just a name (a person known by name alone, in the
 * event and nobody's contact book).
 */
export const importBody = importPreviewBody.extend({
  event_name: userText(EVENT_NAME_MAX),
  /** The name the members who left are shown by (the preview's `departed` person), in the importer's language. */
  departed_name: userText(NAME_MAX_LENGTH).optional(),
  /**
   * What the closing row is called, in the importer's language, when the rows' rounding into the
   * event currency leaves a balance a minor unit or so away from the preview's (decision 0072).
   */
  rounding_name: userText(NAME_MAX_LENGTH).optional(),
  people: z
    .array(z.object({ name: userText(200), uid: id.optional(), phone: z.string().min(1).max(40).optional() }))
    .min(1)
    .max(200),
});
export type ImportBody = z.infer<typeof importBody>;

export const importResult = z.object({ event: event, operations: z.number().int(), skipped: z.number().int() });
export type ImportResult = z.infer<typeof importResult>;
