import Papa from 'papaparse';
import type { OperationKind } from '../../../common/ledger';
import type { OperationMeta } from '../operations/repository';
import type { IMPORT_ROW_PROBLEMS } from '../../../common/contract/transfer';
import { isCurrencyCode } from '../../../common/currencies';
import { DomainError } from '../../../common/errors';
import { parseMoneyInput } from '../../../common/money';
import { MAX_OPERATION_MINOR } from '../../../common/money-limits';
import { normalizeName } from '../../../common/names';
import { safeText } from '../../../common/contract/common';

/**
 * A spreadsheet of shared expenses as Splitwise exports a group ("Export as spreadsheet") and as
 * Dolya exports an event (Spliit's, which differs in its people's columns, is read too): a header row, then one row per expense with its date, description,
 * category, cost and currency, and one column per person holding that person's effect on the
 * balance (what they paid minus their share), and a closing 'Total balance' row per currency.
 * Columns are found by their header, in English or Russian, so a localised export reads too; any
 * column that is not one of the known ones is a person. Dolya's own export adds the amount in the
 * event currency, and then the people's columns are in that currency.
 */
export interface ExpenseTable {
  format: 'splitwise' | 'dolya' | 'spliit';
  people: string[];
  rows: ExpenseRow[];
  /** The 'Total balance' rows: each person's balance per currency, to check the rows against. */
  totals: Map<string, number[]>;
  problems: RowProblem[];
  /**
   * The place in `people` of the group's members who left, when the file has rows with their money
   * (see DEPARTED): one person named '' standing for all of them.
   */
  departed?: number;
  /**
   * Stand-in uids that order the people as the file's own uids did (Dolya's JSON), where an equal
   * split's odd minor unit depends on it; without them, the order of `people`.
   */
  order?: number[];
}

export interface ExpenseRow {
  /** The line in the file, counting the header as 1, for messages. */
  line: number;
  /** The day, YYYY-MM-DD. */
  day: string;
  description: string;
  category: string;
  currency: string;
  /** Minor units, null when the cell is empty. */
  cost: number | null;
  /** Minor units of `currency`, one per person in `people` order; they add up to 0. */
  effects: number[];
  /** Where a JSON file holds it ('operations[3]'), when it is not a spreadsheet's line. */
  path?: string;
  /**
   * The operation as it was entered, when the file says so (Dolya's JSON): its kind, amount and
   * meta with people numbered from 1 in `people` order. Without it the row becomes the operation
   * that reproduces its effects (row-operation.ts).
   */
  entered?: { kind: OperationKind; amount: number; meta: OperationMeta };
  /**
   * The currency the row was entered in, with its amount and the rate it was converted at, when
   * that is not `currency` (Dolya's spreadsheet: `currency` is then the event currency).
   */
  own?: OwnCurrency;
}

export interface OwnCurrency {
  currency: string;
  /** Minor units of `currency`. */
  amount: number;
  /** One unit of `currency` in the row's `currency`, as a plain decimal. */
  rate: string;
}

export type RowProblemCode = (typeof IMPORT_ROW_PROBLEMS)[number];
export interface RowProblem {
  line: number;
  code: RowProblemCode;
  /** In a JSON file, where the problem is ('operations[3].details.date'); lines mean nothing there. */
  path?: string;
  /** The people (by their place in `people`) whose money the row moves, as far as the file says. */
  people?: number[];
}

/** More rows than ten years of a shared flat: a bigger file is not an export of one group (import_too_big says 20,000). */
export const MAX_IMPORT_ROWS = 20_000;
export const MAX_IMPORT_PEOPLE = 200;

type Column = 'date' | 'description' | 'category' | 'cost' | 'currency' | 'rate' | 'event_amount' | 'paid_by' | 'reimbursement' | 'split_mode' | 'other';

/**
 * Each column's heading in the languages Splitwise exports in (it writes the user's own), and
 * Dolya's and Spliit's. A heading in a language not listed still reads when the first five
 * columns are where Splitwise puts them (see headerOf).
 */
const HEADERS: Record<Column, readonly string[]> = {
  date: ['date', 'дата', 'datum', 'fecha', 'data', 'datas'],
  description: [
    'description',
    'описание',
    'beschreibung',
    'descripción',
    'descripcion',
    'descrizione',
    'descrição',
    'descricao',
    'omschrijving',
    'beschrijving',
  ],
  category: ['category', 'kind', 'категория', 'вид', 'kategorie', 'categoría', 'categoria', 'catégorie', 'categorie'],
  cost: ['cost', 'amount', 'стоимость', 'сумма', 'kosten', 'betrag', 'costo', 'coste', 'coût', 'cout', 'custo', 'bedrag'],
  currency: ['currency', 'валюта', 'währung', 'wahrung', 'moneda', 'devise', 'valuta', 'moeda'],
  rate: ['rate', 'курс'],
  paid_by: ['paid by', 'кто платил'],
  event_amount: [],
  // Spliit's spreadsheet.
  reimbursement: ['is reimbursement'],
  split_mode: ['split mode'],
  other: ['original cost', 'original currency', 'conversion rate'],
};
/** Dolya's 'Amount, EUR' / 'Сумма, EUR': the amount in the event currency, whose code it names. */
const EVENT_AMOUNT = /^(?:amount|сумма),\s*([A-Z]{3})$/i;
const TOTAL_ROW = /^(total balance|итоговый баланс|итого|gesamtsaldo|saldo total|solde total|saldo totale|totaal saldo)$/i;
/**
 * A Splitwise group's export has a column only for the members still in it: a row that moved the
 * money of someone who left does not add up to zero, and the difference is theirs. Such rows are
 * imported with one more person, the members who left, holding it, so everyone else's balance is
 * the file's (DESIGN: never drop rows silently). In other files a row that does not add up is an error.
 */
const DEPARTED_NAME = '';

const PAYMENT = /^(payment|payback|платёж|платеж|возврат долга|zahlung|pago|paiement|pagamento|betaling)$/i;

export function isPaymentCategory(category: string): boolean {
  return PAYMENT.test(category.trim());
}

/** An amount as spreadsheets write it: '-12.50', '12,50', '1 234,50', '1,234.50'. */
export function readAmount(text: string, currency: string): number | null {
  let cleaned = text.trim();
  if (cleaned === '') return null;
  if (cleaned.includes('.') && cleaned.includes(',')) {
    // Both separators: the last one is the decimal point, the other groups thousands.
    const decimal = cleaned.lastIndexOf('.') > cleaned.lastIndexOf(',') ? '.' : ',';
    cleaned = cleaned.split(decimal === '.' ? ',' : '.').join('');
  }
  const parsed = parseMoneyInput(cleaned, currency, { allowNegative: true, allowZero: true, maxLength: 24 });
  return parsed.ok ? parsed.minor : null;
}

/** A Dolya row's own currency, amount and rate, when they are readable and not the event currency's. */
function ownCurrency(code: string, amountText: string, rateText: string, eventCurrency: string): OwnCurrency | undefined {
  const currency = code.trim().toUpperCase();
  if (currency === eventCurrency || !isCurrencyCode(currency)) return undefined;
  const amount = readAmount(amountText, currency);
  const rate = rateText.trim().replace(',', '.');
  if (amount === null || amount <= 0 || amount > MAX_OPERATION_MINOR || !/^\d{1,12}(\.\d{1,18})?$/.test(rate) || !/[1-9]/.test(rate)) return undefined;
  return { currency, amount, rate };
}

/** '2024-01-05', '2024-01-05 18:30:00', '2024-01-05T18:30:00Z', '05.01.2024' → '2024-01-05'. */
export function readDay(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dotted ? [dotted[3], dotted[2], dotted[1]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
  if (!Number.isFinite(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${m}-${d}`) return null;
  const year = Number(y);
  return year >= 1990 && year <= 2100 ? `${y}-${m}-${d}` : null;
}

/** The file as JSON, or undefined when it is not JSON (a spreadsheet, then). */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A cell with a figure other than zero in it, however it is written. */
function holdsMoney(text: string): boolean {
  return /[1-9]/.test(text);
}

/** People's names as column headings: a repeated name numbered ('Anna', 'Anna (2)'), since two columns are two people. */
export function distinctNames(names: readonly string[]): string[] {
  // Distinct as the importer's answer is matched to them: whatever the case.
  const key = (name: string) => name.toLowerCase();
  const given = new Set(names.map(key));
  const used = new Set<string>();
  return names.map((name) => {
    let named = name;
    for (let n = 2; used.has(key(named)); n++) {
      named = `${name} (${n})`;
      // Not a name another person of the file has.
      if (given.has(key(named))) named = name;
    }
    used.add(key(named));
    return named;
  });
}

function columnOf(header: string): Column | 'person' {
  const h = normalizeName(header).toLowerCase();
  if (EVENT_AMOUNT.test(h)) return 'event_amount';
  for (const [column, names] of Object.entries(HEADERS) as [Column, readonly string[]][]) if (names.includes(h)) return column;
  return 'person';
}

function unreadable(): never {
  throw new DomainError('import_unreadable', 'file');
}

/** Lines a file may have: a description may run over a few lines inside quotes. */
const MAX_IMPORT_LINES = 4 * MAX_IMPORT_ROWS;
/** One line of an export: 200 people's figures and a long description are far below it. */
export const MAX_IMPORT_LINE = 64 * 1024;

/**
 * The file's lines counted and measured before any of it is split into cells, stopping at the
 * first bound passed: a file of megabytes of commas, or of millions of tiny lines, is refused in a
 * few milliseconds instead of seconds of parsing on the thread every request shares.
 */
function requireTableShape(text: string): void {
  let start = 0;
  for (let lines = 1; ; lines++) {
    const end = text.indexOf('\n', start);
    if ((end < 0 ? text.length : end) - start > MAX_IMPORT_LINE) unreadable();
    if (end < 0) return;
    if (lines >= MAX_IMPORT_LINES) throw new DomainError('import_too_big', 'file');
    start = end + 1;
  }
}

/** Lines Splitwise may write above the header: a friend export opens with a note and a blank line. */
const MAX_LINES_BEFORE_HEADER = 5;
const REQUIRED: readonly Column[] = ['date', 'description', 'cost', 'currency'];

/**
 * The header row and what each of its columns is. The first of the file's first few rows whose
 * headings name a date, description, cost and currency; failing that, a row whose next row has a
 * date first and a currency code fifth, which is where Splitwise puts them in every language.
 */
function headerOf(rows: readonly string[][]): { at: number; columns: (Column | 'person')[] } | null {
  const candidates = rows.slice(0, MAX_LINES_BEFORE_HEADER + 1);
  for (const [at, row] of candidates.entries()) {
    const columns = row.map(columnOf);
    if (REQUIRED.every((c) => columns.includes(c))) return { at, columns };
  }
  for (const [at, row] of candidates.entries()) {
    const next = rows[at + 1];
    if (row.length < 6 || !next || !readDay(next[0] ?? '') || !isCurrencyCode((next[4] ?? '').trim().toUpperCase())) continue;
    const positional: Column[] = ['date', 'description', 'category', 'cost', 'currency'];
    return { at, columns: row.map((heading, i) => positional[i] ?? columnOf(heading)) };
  }
  return null;
}

/** Reads the file; throws import_unreadable when it is not such a table at all. */
export function readExpenseTable(text: string): ExpenseTable {
  requireTableShape(text);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const found = headerOf(parsed.data);
  if (!found) unreadable();
  const header = parsed.data[found.at]!;
  const body = parsed.data.slice(found.at + 1);
  const columns = found.columns;
  // Looked up once: a row asks for its columns by name, and a header may be thousands wide.
  const firstAt = new Map<Column | 'person', number>();
  columns.forEach((c, i) => firstAt.has(c) || firstAt.set(c, i));
  const at = (column: Column) => firstAt.get(column) ?? -1;
  // Spliit's spreadsheet holds each person's share signed by whether they paid it, not what they
  // paid less their share: the payer is the one positive column, and one outside the split is lost.
  const spliit = at('split_mode') >= 0;
  // A person's name as it may be shown to others: what no one types (direction overrides) taken out.
  const nameAt = (i: number) => normalizeName(safeText(header[i] ?? ''));
  const personColumns = columns.flatMap((c, i) => (c === 'person' && nameAt(i) !== '' ? [i] : []));
  if (personColumns.length < 1 || personColumns.length > MAX_IMPORT_PEOPLE) unreadable();
  if (body.length > MAX_IMPORT_ROWS) throw new DomainError('import_too_big', 'file');
  const eventAmountAt = at('event_amount');
  const eventCurrency = eventAmountAt >= 0 ? (EVENT_AMOUNT.exec(normalizeName(header[eventAmountAt]))?.[1]?.toUpperCase() ?? null) : null;
  const table: ExpenseTable = {
    format: eventCurrency ? 'dolya' : spliit ? 'spliit' : 'splitwise',
    people: distinctNames(personColumns.map(nameAt)),
    rows: [],
    totals: new Map(),
    problems: [],
  };
  body.forEach((cells, index) => {
    const line = found.at + index + 2;
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const description = normalizeName(cell(at('description')));
    // People's columns are in the event currency in Dolya's export, in the row's in Splitwise's.
    const currency = (eventCurrency ?? cell(at('currency'))).toUpperCase();
    // Whose cell holds money: the preview names the rows left out beside each person they concern.
    const problem = (code: RowProblemCode) =>
      table.problems.push({ line, code, people: personColumns.flatMap((col, i) => (holdsMoney(cell(col)) ? [i] : [])) });
    if (!isCurrencyCode(currency)) return problem('currency_unknown');
    const values = personColumns.map((i) => readAmount(cell(i), currency) ?? (cell(i) === '' ? 0 : NaN));
    if (values.some((e) => Number.isNaN(e))) return problem('amount_unreadable');
    if (TOTAL_ROW.test(description)) {
      table.totals.set(currency, values);
      return;
    }
    const day = readDay(cell(at('date')));
    if (!day) return problem('date_unreadable');
    const costText = eventCurrency ? cell(eventAmountAt) : cell(at('cost'));
    const cost = readAmount(costText, currency);
    if (costText !== '' && (cost === null || cost < 0)) return problem('amount_unreadable');
    let effects = values;
    let category = cell(at('category'));
    if (spliit) {
      const payers = values.flatMap((v, i) => (v > 0 ? [i] : []));
      if (payers.length !== 1 || cost === null) return problem('payer_unknown');
      effects = values.map((v, i) => (i === payers[0] ? cost - v : v));
      if (/^(yes|true|да)$/i.test(cell(at('reimbursement')))) category = 'Payment';
    }
    // What one operation may hold, so that no imported figure can pass the bounds kept exact (decision 0010).
    const unbalanced = effects.reduce((a, b) => a + b, 0);
    if (unbalanced !== 0 && table.format === 'splitwise') effects = [...effects, -unbalanced];
    const paidIn = effects.reduce((sum, e) => sum + Math.max(e, 0), 0);
    if ((cost ?? 0) > MAX_OPERATION_MINOR || paidIn > MAX_OPERATION_MINOR || effects.some((e) => e < -MAX_OPERATION_MINOR)) return problem('amount_too_large');
    if (effects.reduce((a, b) => a + b, 0) !== 0) return problem('effects_do_not_sum');
    if (effects.every((e) => e === 0)) return problem('no_money_moved');
    const own = eventCurrency ? ownCurrency(cell(at('currency')), cell(at('cost')), cell(at('rate')), currency) : undefined;
    table.rows.push({ line, day, description, category, currency, cost, effects, ...(own ? { own } : {}) });
  });
  if (table.rows.some((row) => row.effects.length > table.people.length)) withDeparted(table);
  return table;
}

/** The members who left as one more person, with no money in the rows that add up without them. */
function withDeparted(table: ExpenseTable): void {
  table.departed = table.people.length;
  table.people.push(DEPARTED_NAME);
  for (const row of table.rows) if (row.effects.length === table.departed) row.effects.push(0);
}
