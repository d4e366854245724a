import { isCurrencyCode } from '../../../common/currencies';
import type { Queryable } from '../../db/client';
import { perEurFromCbr, upsertRates, type RubQuote } from './rates-seed';

/**
 * The live rates refresher (DESIGN §1, docs/decisions/0004-exchange-rates.md): the ECB and Bank of
 * Russia daily files, fetched on start and every RATES_REFRESH_HOURS, stored by date through the
 * same normalisation as the bundled history. A file that does not parse strictly changes nothing;
 * a source that cannot be reached leaves the stored rates as they are.
 */

/** A file that was fetched but is not what the source publishes: nothing of it is stored. */
export class MalformedRatesError extends Error {
  override name = 'MalformedRatesError';
}

export interface DailyRates {
  /** The date the rates are for, YYYY-MM-DD. */
  date: string;
  /** Units per 1 EUR (ECB) as published. */
  perEur: Record<string, string>;
}

export interface CbrDaily {
  date: string;
  /** Roubles per `nominal` units, decimal point. */
  quotes: Record<string, RubQuote>;
}

function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1990 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function isoDate(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const DECIMAL = /^\d{1,12}(?:\.\d{1,12})?$/;

/** Attributes of one tag, either quote style, as the ECB uses single quotes and others double. */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*(?:'([^']*)'|"([^"]*)")/g)) out.set(m[1]!, (m[2] ?? m[3] ?? '').trim());
  return out;
}

/**
 * The ECB's eurofxref-daily.xml: one `<Cube time='YYYY-MM-DD'>` holding `<Cube currency='USD'
 * rate='1.1684'/>` elements. Anything unexpected (a truncated file, a second day, a rate that is
 * not a positive decimal, a currency twice, no US dollar) is refused as a whole.
 */
export function parseEcbDaily(xml: string): DailyRates {
  const text = xml.trim();
  if (!text.includes('<gesmes:Envelope') || !text.endsWith('</gesmes:Envelope>')) {
    throw new MalformedRatesError('not a complete ECB reference-rates envelope');
  }
  const days = [...text.matchAll(/<Cube\s+time\s*=\s*(?:'([^']*)'|"([^"]*)")\s*>([\s\S]*?)<\/Cube>/g)];
  if (days.length !== 1) throw new MalformedRatesError(`expected one day of rates, found ${days.length}`);
  const [, single, double, body] = days[0]!;
  const time = (single ?? double ?? '').trim();
  const dm = /^(\d{4})-(\d{2})-(\d{2})$/.exec(time);
  if (!dm || !isCalendarDate(Number(dm[1]), Number(dm[2]), Number(dm[3]))) throw new MalformedRatesError(`bad date '${time}'`);

  const perEur: Record<string, string> = {};
  const tags = [...(body ?? '').matchAll(/<Cube\b([^>]*?)\/>/g)];
  // Everything between the rate elements must be whitespace: a stray or broken element is not skipped silently.
  const rest = (body ?? '').replace(/<Cube\b[^>]*?\/>/g, '').trim();
  if (rest !== '') throw new MalformedRatesError(`unexpected content in the day's rates: '${rest.slice(0, 40)}'`);
  for (const tag of tags) {
    const attrs = attributes(tag[1] ?? '');
    const currency = attrs.get('currency') ?? '';
    const rate = attrs.get('rate') ?? '';
    if (!/^[A-Z]{3}$/.test(currency)) throw new MalformedRatesError(`bad currency code '${currency}'`);
    if (!DECIMAL.test(rate) || Number(rate) <= 0) throw new MalformedRatesError(`bad rate '${rate}' for ${currency}`);
    if (currency in perEur) throw new MalformedRatesError(`${currency} appears twice`);
    perEur[currency] = rate;
  }
  if (!perEur.USD) throw new MalformedRatesError('no US dollar rate');
  return { date: isoDate(Number(dm[1]), Number(dm[2]), Number(dm[3])), perEur };
}

/** The declared encoding of an XML document's first bytes (the CBR answers windows-1251). */
function declaredEncoding(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  return /<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
}

function decode(bytes: Uint8Array): string {
  const encoding = declaredEncoding(bytes);
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new MalformedRatesError(`cannot decode the document as ${encoding}`);
  }
}

function tagText(body: string, tag: string): string | null {
  const found = [...body.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))];
  return found.length === 1 ? found[0]![1]!.trim() : null;
}

/**
 * The Bank of Russia's XML_daily.asp: `<ValCurs Date="25.04.2026">` with `<Valute>` entries of
 * CharCode, Nominal and Value (roubles per Nominal units, decimal comma). Refused as a whole on
 * anything unexpected, and without a euro quote, which every stored rate is crossed through.
 */
export function parseCbrDaily(bytes: Uint8Array): CbrDaily {
  const text = decode(bytes).trim();
  const root = /<ValCurs\b([^>]*)>/.exec(text);
  if (!root || !text.endsWith('</ValCurs>')) throw new MalformedRatesError('not a complete ValCurs document');
  const rawDate = attributes(root[1] ?? '').get('Date') ?? '';
  const dm = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(rawDate);
  if (!dm || !isCalendarDate(Number(dm[3]), Number(dm[2]), Number(dm[1]))) throw new MalformedRatesError(`bad date '${rawDate}'`);

  const inner = text.slice(root.index + root[0].length, text.length - '</ValCurs>'.length);
  const entries = [...inner.matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)];
  const rest = inner.replace(/<Valute\b[^>]*>[\s\S]*?<\/Valute>/g, '').trim();
  if (rest !== '') throw new MalformedRatesError(`unexpected content: '${rest.slice(0, 40)}'`);
  if (entries.length === 0) throw new MalformedRatesError('no currencies');

  const quotes: Record<string, RubQuote> = {};
  for (const entry of entries) {
    const body = entry[1] ?? '';
    const code = tagText(body, 'CharCode') ?? '';
    const nominal = tagText(body, 'Nominal') ?? '';
    const value = tagText(body, 'Value') ?? '';
    if (!/^[A-Z]{3}$/.test(code)) throw new MalformedRatesError(`bad currency code '${code}'`);
    if (!/^[1-9]\d{0,6}$/.test(nominal)) throw new MalformedRatesError(`bad nominal '${nominal}' for ${code}`);
    const decimal = value.replace(',', '.');
    if (!/^\d{1,12},\d{1,12}$|^\d{1,12}$/.test(value) || Number(decimal) <= 0) throw new MalformedRatesError(`bad value '${value}' for ${code}`);
    if (code in quotes) throw new MalformedRatesError(`${code} appears twice`);
    quotes[code] = { nominal: Number(nominal), value: decimal };
  }
  if (!quotes.EUR) throw new MalformedRatesError('no euro quote');
  return { date: isoDate(Number(dm[3]), Number(dm[2]), Number(dm[1])), quotes };
}

/** The source could not be reached or did not answer in time: the stored rates stay. */
class UnavailableError extends Error {}

export interface RefresherLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface RatesRefresherOptions {
  db: Queryable;
  ecbUrl: string;
  cbrUrl: string;
  /** Hours between refreshes after the one at start. */
  intervalHours: number;
  /** Per request; a source slower than this counts as unreachable. */
  timeoutMs?: number;
  log: RefresherLog;
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface RefreshOutcome {
  /** Sources stored, with the date of their rates. */
  stored: { source: 'ecb' | 'cbr'; date: string; count: number }[];
  /** Sources that could not be reached (one warning for all of them). */
  unavailable: string[];
  /** Sources whose file was refused (one error each). */
  malformed: string[];
}

const SOURCE_NAMES = { ecb: 'ECB', cbr: 'Bank of Russia' } as const;

async function download(url: string, timeoutMs: number, signal: AbortSignal, fetchImpl: typeof fetch): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetchImpl(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]), headers: { accept: 'application/xml, text/xml' } });
  } catch (err) {
    throw new UnavailableError(reason(err, timeoutMs));
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new UnavailableError(`HTTP ${res.status}`);
  }
  try {
    return new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    throw new UnavailableError(reason(err, timeoutMs));
  }
}

/** A short cause people can act on: 'timed out after 10 s', 'ECONNREFUSED', 'ENOTFOUND'. */
function reason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError') return `timed out after ${timeoutMs / 1000} s`;
    if (err.name === 'AbortError') return 'stopped';
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return cause.code;
    if (cause?.message) return cause.message;
    return err.message;
  }
  return String(err);
}

/**
 * One refresh: both sources side by side, each stored in its own transaction, so a refused ECB
 * file does not hold back the Bank of Russia's rates or the other way round.
 */
export async function refreshRates(options: RatesRefresherOptions, signal: AbortSignal = new AbortController().signal): Promise<RefreshOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? fetch;
  const outcome: RefreshOutcome = { stored: [], unavailable: [], malformed: [] };

  const one = async (source: 'ecb' | 'cbr') => {
    const url = source === 'ecb' ? options.ecbUrl : options.cbrUrl;
    try {
      const bytes = await download(url, timeoutMs, signal, fetchImpl);
      let date: string;
      let perEur: Record<string, string>;
      if (source === 'ecb') {
        ({ date, perEur } = parseEcbDaily(new TextDecoder('utf-8').decode(bytes)));
      } else {
        const daily = parseCbrDaily(bytes);
        date = daily.date;
        perEur = perEurFromCbr(daily.quotes);
      }
      const count = Object.keys(perEur).filter((c) => isCurrencyCode(c) && c !== 'EUR').length;
      await options.db.transaction(async (tx) => upsertRates(tx, date, source, perEur));
      outcome.stored.push({ source, date, count });
    } catch (err) {
      if (err instanceof UnavailableError) {
        outcome.unavailable.push(`${SOURCE_NAMES[source]}: ${err.message}`);
      } else if (err instanceof MalformedRatesError) {
        outcome.malformed.push(SOURCE_NAMES[source]);
        options.log.error(`exchange rates from the ${SOURCE_NAMES[source]} (${url}) refused: ${err.message}; keeping the stored rates`);
      } else {
        outcome.malformed.push(SOURCE_NAMES[source]);
        options.log.error(`exchange rates from the ${SOURCE_NAMES[source]} not stored: ${reason(err, timeoutMs)}; keeping the stored rates`);
      }
    }
  };
  await Promise.all([one('ecb'), one('cbr')]);

  if (outcome.unavailable.length > 0 && !signal.aborted) {
    options.log.warn(`exchange rates not refreshed: ${outcome.unavailable.join('; ')}; keeping the stored rates`);
  }
  for (const s of outcome.stored) options.log.info(`exchange rates stored: ${SOURCE_NAMES[s.source]}, ${s.count} currencies for ${s.date}`);
  return outcome;
}

/** setTimeout's longest delay (about 24.8 days); a longer interval is waited in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export interface RatesRefresher {
  /** The refresh at start, then one every interval. */
  start(): void;
  /** Cancels the schedule and any refresh under way, and waits for it to let go of the database. */
  stop(): Promise<void>;
  /** Refreshes now (the scheduled runs use it); a refresh already under way is joined, not doubled. */
  refreshNow(): Promise<RefreshOutcome>;
}

export function createRatesRefresher(options: RatesRefresherOptions): RatesRefresher {
  const intervalMs = Math.max(1, options.intervalHours * 3_600_000);
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<RefreshOutcome> | null = null;
  let started = false;
  let stopped = false;

  const refreshNow = () => {
    running ??= refreshRates(options, abort.signal).finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = (remaining: number) => {
    if (stopped) return;
    const step = Math.min(remaining, MAX_DELAY_MS);
    timer = setTimeout(() => {
      if (remaining > step) return schedule(remaining - step);
      void refreshNow()
        .catch((err: unknown) => options.log.error(`exchange rates refresh failed: ${reason(err, 0)}`))
        .then(() => schedule(intervalMs));
    }, step);
    // The schedule alone never keeps the process alive.
    timer.unref();
  };

  return {
    start() {
      if (started || stopped) return;
      started = true;
      void refreshNow()
        .catch((err: unknown) => options.log.error(`exchange rates refresh failed: ${reason(err, 0)}`))
        .then(() => schedule(intervalMs));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      abort.abort();
      await running?.catch(() => undefined);
    },
    refreshNow,
  };
}
