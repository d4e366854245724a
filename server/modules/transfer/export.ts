import Papa from 'papaparse';
import type { EventExport } from '../../../common/contract/transfer';
import type { OperationKind } from '../../../common/ledger';
import type { Queryable } from '../../db/client';
import { displayConversion } from '../currency/service';
import { getEvent } from '../events/service';
import { versionViews } from '../operations/history';
import { currencyOf } from '../operations/pricing';
import { allOperationsOf } from '../operations/list-repository';
import { versionsOfOperations } from '../operations/versions-repository';
import { viewsOf } from '../operations/views';
import { distinctNames } from './table-reader';

/**
 * An event out of Dolya (docs/decisions/0029-export-and-import.md): as JSON, everything its
 * participants see with every operation's history; as a spreadsheet, one row per operation with
 * each person's effect on the balance, the layout Splitwise uses, so Dolya reads it back and so
 * does any tool that reads Splitwise's.
 */

export type ExportLanguage = 'en' | 'ru';

/** The web app's words for the kinds (a test holds them to its locales), for a spreadsheet's readers. */
export const KIND_WORDS: Record<ExportLanguage, Record<OperationKind, string>> = {
  en: {
    even_purchase: 'Even purchase',
    split_purchase: 'Split purchase',
    i_purchased_them: 'I purchased them',
    i_lent_them: 'I lent them',
    they_lent_me: 'They lent me',
    deposit: 'Deposit',
    payback: 'Payback',
    comment: 'Comment',
  },
  ru: {
    even_purchase: 'Покупка поровну',
    split_purchase: 'Покупка по долям',
    i_purchased_them: 'Я купил(а) им',
    i_lent_them: 'Я дал(а) в долг',
    they_lent_me: 'Мне дали в долг',
    deposit: 'Поступление',
    payback: 'Возврат долга',
    comment: 'Комментарий',
  },
};

const HEADINGS: Record<
  ExportLanguage,
  { date: string; description: string; kind: string; amount: string; currency: string; rate: string; paidBy: string; total: string }
> = {
  en: {
    date: 'Date',
    description: 'Description',
    kind: 'Kind',
    amount: 'Amount',
    currency: 'Currency',
    rate: 'Rate',
    paidBy: 'Paid by',
    total: 'Total balance',
  },
  ru: { date: 'Дата', description: 'Описание', kind: 'Вид', amount: 'Сумма', currency: 'Валюта', rate: 'Курс', paidBy: 'Кто платил', total: 'Итоговый баланс' },
};

/** The event and every operation in its own currency, as a participant sees them (404 for anyone else). */
async function eventWithOperations(db: Queryable, viewer: number, eventId: number) {
  const event = await getEvent(db, viewer, eventId, { original: true });
  const rows = await allOperationsOf(db, event.id);
  const conv = await displayConversion(db, currencyOf(event.eventCurrency), undefined);
  return { event, rows, views: await viewsOf(db, viewer, rows, conv) };
}

/** GET /event/{id}/export/. */
export async function exportEventJson(db: Queryable, viewer: number, eventId: number, now: Date): Promise<EventExport> {
  const { event, rows, views } = await eventWithOperations(db, viewer, eventId);
  const versions = await versionsOfOperations(
    db,
    rows.map((r) => r.id),
  );
  return {
    format: 'dolya.event',
    version: 1,
    exported_at: now.toISOString(),
    event,
    operations: views.map((view, i) => Object.assign(view, { versions: versionViews(rows[i]!, versions.get(view.id) ?? []) })),
  };
}

/**
 * GET /event/{id}/export/csv/: live operations with money, oldest first, and a closing
 * 'Total balance' row. UTF-8 with a byte-order mark, which Excel needs to read Cyrillic names;
 * a cell starting with = + - @ is written with a leading apostrophe so no spreadsheet runs it.
 */
export async function exportEventCsv(
  db: Queryable,
  viewer: number,
  eventId: number,
  language: ExportLanguage,
  now: Date,
): Promise<{ name: string; csv: string }> {
  // The history is not in a spreadsheet: only the operations as they stand are read.
  const { event, views } = await eventWithOperations(db, viewer, eventId);
  const words = HEADINGS[language];
  const people = event.contacts.map((c) => c.uid);
  // The file leaves the app: the exporter is a person in it by their name, not 'me'.
  const names = event.contacts.map((c) => (c.is_me && c.full_name ? c.full_name : c.name));
  const nameOf = new Map(event.contacts.map((c, i) => [c.uid, names[i]!]));
  const ops = views.filter((o) => !o.deleted && o.kind !== 'comment').sort((a, b) => a.details.date.localeCompare(b.details.date) || a.id - b.id);
  const header = [
    words.date,
    words.description,
    words.kind,
    words.amount,
    words.currency,
    words.rate,
    `${words.amount}, ${event.eventCurrency}`,
    words.paidBy,
    ...distinctNames(names),
  ];
  const rows = ops.map((o) => {
    const effect = new Map(o.participants.map((p) => [p.uid, p.effect]));
    const payers = o.participants.filter((p) => p.paid > 0).map((p) => nameOf.get(p.uid) ?? String(p.uid));
    return [
      o.details.date.slice(0, 10),
      o.details.description,
      KIND_WORDS[language][o.kind],
      o.details.original_amount,
      o.details.original_currency,
      Number(o.details.rate),
      o.details.amount,
      payers.join(', '),
      ...people.map((uid) => effect.get(uid) ?? 0),
    ];
  });
  const total = [now.toISOString().slice(0, 10), words.total, '', '', event.eventCurrency, '', '', '', ...event.contacts.map((c) => c.balance)];
  const csv = Papa.unparse([header, ...rows, total], { escapeFormulae: true, newline: '\r\n' });
  return { name: event.event_name, csv: `\uFEFF${csv}\r\n` };
}
