import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyListResponse, type CurrencyListResponse } from '@common/contract/currency';
import { event as eventSchema, eventListResponse } from '@common/contract/events';
import { operationListResponse } from '@common/contract/operations';
import { makeStore } from '@/app/store';
import { createI18n } from '@/lib/i18n';
import { aContactList, aUser } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { renderComponent } from '../../../../tests/web/render-component';
import { updatedText } from '../lib/updated';
import RatesModal from './RatesModal';

const spaces = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Rates against the rouble as GET /currency/ gives them: units the server chose, 4 decimals. */
function rates(lastUpdated = '2026-04-25'): CurrencyListResponse {
  const row = (id: number, currency: string, cur_description: string, exchange_rate: [number, number]) => ({
    id,
    currency,
    cur_description,
    exchange_rate,
    last_updated: lastUpdated,
  });
  return currencyListResponse.parse({
    last_updated: lastUpdated,
    base: 'RUB',
    objects: [
      row(1, 'EUR', 'Euro', [1, 88.2826]),
      { ...row(8, 'BGN', 'Bulgarian lev', [1, 45.1375]), last_updated: '2025-12-31' },
      row(2, 'GEL', 'Georgian lari', [1, 27.9041]),
      row(3, 'IRR', 'Iranian rial', [100000, 5.6117]),
      row(4, 'JPY', 'Japanese yen', [10, 4.7264]),
      row(5, 'KZT', 'Kazakhstani tenge', [10, 1.6317]),
      row(6, 'RUB', 'Russian ruble', [1, 1]),
      row(7, 'USD', 'US dollar', [1, 1275.5273]),
    ],
  });
}

let asked: URL[] = [];
function ratesServer(list: CurrencyListResponse = rates()) {
  asked = [];
  server.use(
    http.get('/app/api/v1/currency/', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(list);
    }),
  );
}

function open(options: { language?: 'en' | 'ru'; list?: CurrencyListResponse } = {}) {
  const list = options.list ?? rates();
  ratesServer(list);
  const onClose = vi.fn();
  const view = renderComponent(<RatesModal onClose={onClose} />, {
    language: options.language,
    state: { currencies: { items: list.objects, lastUpdated: list.last_updated, base: list.base, status: 'success', error: null, display: null } },
  });
  return { ...view, onClose };
}

const rowCodes = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span')?.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('the exchange rates window', () => {
  it('lists every currency against mine with 2 decimals and the unit the server chose, mine first', async () => {
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Exchange rates' });
    expect(rowCodes()).toEqual(['RUB', 'EUR', 'BGN', 'GEL', 'IRR', 'JPY', 'KZT', 'USD']);
    expect(spaces(screen.getByTestId('rate-JPY').textContent)).toBe('JPYJapanese yen10 JPY = 4.73 RUB');
    expect(spaces(screen.getByTestId('rate-EUR').textContent)).toContain('1 EUR = 88.28 RUB');
    expect(spaces(screen.getByTestId('rate-IRR').textContent)).toContain('100,000 IRR = 5.61 RUB');
    // Grouped in the reader's number format.
    expect(spaces(screen.getByTestId('rate-USD').textContent)).toContain('1 USD = 1,275.53 RUB');
    expect(screen.getByTestId('rate-RUB')).toHaveTextContent('your currency');
    // A rate the banks stopped publishing says how old it is; a current one does not.
    expect(spaces(screen.getByTestId('rate-BGN').textContent)).toContain('1 BGN = 45.14 RUBlast rate December 31, 2025');
    expect(screen.getByTestId('rate-EUR')).not.toHaveTextContent('last rate');
    expect(within(dialog).getByText('Rates in RUB')).toBeInTheDocument();
    // The window asks for fresh rates, named in the interface language.
    await waitFor(() => expect(asked.map((u) => u.searchParams.get('lang'))).toEqual(['en']));
  });

  it('writes numbers the Russian way in Russian', async () => {
    open({ language: 'ru' });
    await screen.findByRole('dialog', { name: 'Курсы валют' });
    expect(spaces(screen.getByTestId('rate-USD').textContent)).toBe('USDДоллар США1 USD = 1 275,53 RUB');
    expect(screen.getByTestId('rate-RUB')).toHaveTextContent('ваша валюта');
    await waitFor(() => expect(asked.map((u) => u.searchParams.get('lang'))).toEqual(['ru']));
  });

  it('searches by code', async () => {
    const user = userEvent.setup();
    open();
    const search = await screen.findByRole('searchbox', { name: 'Search currencies' });
    // The search box has the focus when the window opens.
    expect(search).toHaveFocus();
    await user.type(search, 'kz');
    expect(rowCodes()).toEqual(['KZT']);
    await user.clear(search);
    await user.type(search, 'EU');
    expect(rowCodes()).toEqual(['EUR']);
  });

  it('searches by the English name', async () => {
    const user = userEvent.setup();
    open();
    const search = await screen.findByRole('searchbox');
    await user.type(search, 'yen');
    expect(rowCodes()).toEqual(['JPY']);
    await user.clear(search);
    await user.type(search, 'dollar');
    expect(rowCodes()).toEqual(['USD']);
    // Russian names do not match in English.
    await user.clear(search);
    await user.type(search, 'тенге');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('searches by the Russian name in Russian', async () => {
    const user = userEvent.setup();
    open({ language: 'ru' });
    const search = await screen.findByRole('searchbox', { name: 'Поиск валюты' });
    await user.type(search, 'тенге');
    expect(rowCodes()).toEqual(['KZT']);
    await user.clear(search);
    await user.type(search, 'ЕВРО');
    expect(rowCodes()).toEqual(['EUR']);
    await user.clear(search);
    await user.type(search, 'лари');
    expect(rowCodes()).toEqual(['GEL']);
  });

  it("says 'no currency found' when nothing matches", async () => {
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('searchbox'), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('no currency found');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("says it in Russian: 'валюта не найдена'", async () => {
    const user = userEvent.setup();
    open({ language: 'ru' });
    await user.type(await screen.findByRole('searchbox'), 'qq');
    expect(screen.getByText('валюта не найдена')).toBeInTheDocument();
  });

  it('closes with the Close button, the × and Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = open();
    await user.click(await screen.findByTestId('rates-close'));
    await user.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0]!);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('shows an error with Retry when the rates cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('/app/api/v1/currency/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ error: 'boom', code: 'internal' }, { status: 500 }) : HttpResponse.json(rates());
      }),
    );
    renderComponent(<RatesModal onClose={() => undefined} />);
    expect(await screen.findByText('Could not load the exchange rates.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('rate-EUR')).toBeInTheDocument();
  });
});

describe("the 'updated' date (§9: calendar form up to 6 days old, else a long date; UTC)", () => {
  const at = (iso: string) => dayjs.utc(iso);
  const en = createI18n('en').t;
  const ru = createI18n('ru').t;

  it('reads today, yesterday and the weekday up to 6 days back', () => {
    const now = at('2026-04-25T12:00:00Z'); // a Saturday
    expect(updatedText(en, '2026-04-25', 'en', now)).toBe('Updated today');
    expect(updatedText(en, '2026-04-24', 'en', now)).toBe('Updated yesterday');
    expect(updatedText(en, '2026-04-23', 'en', now)).toBe('Updated on Thursday');
    expect(updatedText(en, '2026-04-19', 'en', now)).toBe('Updated on Sunday');
    expect(updatedText(ru, '2026-04-25', 'ru', now)).toBe('Обновлено сегодня');
    expect(updatedText(ru, '2026-04-24', 'ru', now)).toBe('Обновлено вчера');
    expect(updatedText(ru, '2026-04-21', 'ru', now)).toBe('Обновлено во вторник');
    expect(updatedText(ru, '2026-04-19', 'ru', now)).toBe('Обновлено в воскресенье');
  });

  it('gives the long date from 7 days on', () => {
    const now = at('2026-04-25T12:00:00Z');
    expect(updatedText(en, '2026-04-18', 'en', now)).toBe('Updated on April 18, 2026');
    expect(updatedText(ru, '2026-04-18', 'ru', now)).toBe('Обновлено 18 апреля 2026 г.');
    expect(updatedText(en, '2025-12-31', 'en', now)).toBe('Updated on December 31, 2025');
  });

  it('reads a rate dated tomorrow (the Bank of Russia dates rates by when they apply) as today', () => {
    expect(updatedText(en, '2026-04-26', 'en', at('2026-04-25T18:00:00Z'))).toBe('Updated today');
  });

  it('counts days in UTC whatever the reader’s time zone', async () => {
    const zone = process.env.TZ;
    try {
      // Vladivostok is UTC+10: at 20:00 UTC on the 25th it is already the 26th there.
      process.env.TZ = 'Asia/Vladivostok';
      expect(new Date('2026-04-25T20:00:00Z').getDate()).toBe(26);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-04-25T20:00:00Z'));
      open({ list: rates('2026-04-25') });
      expect(await screen.findByTestId('rates-updated')).toHaveTextContent('Updated today');
      // At 02:00 UTC on the 19th it is still the 18th in Los Angeles (UTC−7); counted in UTC the 13th is 6 days back, the 12th 7.
      process.env.TZ = 'America/Los_Angeles';
      expect(updatedText(en, '2026-04-13', 'en', dayjs.utc('2026-04-19T02:00:00Z'))).toBe('Updated on Monday');
      expect(updatedText(en, '2026-04-12', 'en', dayjs.utc('2026-04-19T02:00:00Z'))).toBe('Updated on April 12, 2026');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('follows the clock in the window: 6 days old reads as a weekday, 7 as a date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T09:00:00Z'));
    const first = open({ list: rates('2026-04-25') });
    expect(await screen.findByTestId('rates-updated')).toHaveTextContent('Updated on Saturday');
    expect(screen.getByTestId('rates-updated')).toHaveAttribute('datetime', '2026-04-25');
    first.unmount();
    vi.setSystemTime(new Date('2026-05-02T09:00:00Z'));
    open({ list: rates('2026-04-25'), language: 'ru' });
    expect(await screen.findByTestId('rates-updated')).toHaveTextContent('Обновлено 25 апреля 2026 г.');
  });
});

/** One event in roubles, as GET /event/ and GET /event/5/ answer it (converted when `currency` is not RUB). */
function anEvent(currency: string, payout: number, approximate: boolean) {
  return eventSchema.parse({
    id: 5,
    event_name: 'Sochi',
    quasi_event_name: null,
    eventCurrency: 'RUB',
    currency,
    approximate,
    original: false,
    del_date: null,
    image_url: null,
    owner: 1,
    isUserOwner: true,
    unread_cnt: 0,
    payout,
    family_payout: payout,
    created: '2026-04-20T10:00:00.000Z',
    last_activity: '2026-04-20T10:00:00.000Z',
    families: [],
    contacts: [],
  });
}

function signedIn() {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('cookie_consent', 'true');
  const me = aUser({ user: 1 });
  ratesServer();
  server.use(
    http.get('/app/api/v1/user/me/', () => HttpResponse.json(me)),
    http.get('/app/api/v1/user/contacts/', () => HttpResponse.json(aContactList(me))),
  );
}

describe('the display currency', () => {
  it('is picked in the window, kept in local storage, and read back after a reload', async () => {
    const user = userEvent.setup();
    const { store } = open();
    const select = await screen.findByTestId('display-currency-select');
    expect(select).toHaveValue('');
    expect(screen.getByText('Events and people show amounts in the currency they were recorded in.')).toBeInTheDocument();
    await user.selectOptions(select, 'USD');
    expect(store.getState().currencies.display).toBe('USD');
    expect(localStorage.getItem('display_currency')).toBe('USD');
    expect(screen.getByText(/converted into USD at the latest rates: approximate/)).toBeInTheDocument();
    // A reload: a new store reads it back.
    expect(makeStore().getState().currencies.display).toBe('USD');
    await user.selectOptions(select, '');
    expect(store.getState().currencies.display).toBeNull();
    expect(localStorage.getItem('display_currency')).toBeNull();
  });

  it('is dropped when the rates no longer offer it, and at logout', async () => {
    localStorage.setItem('display_currency', 'GEL');
    const store = makeStore();
    expect(store.getState().currencies.display).toBe('GEL');
    const noLari = rates();
    noLari.objects = noLari.objects.filter((o) => o.currency !== 'GEL');
    ratesServer(noLari);
    const { fetchCurrencies } = await import('../currencies-slice');
    await store.dispatch(fetchCurrencies());
    expect(store.getState().currencies.display).toBeNull();
    expect(localStorage.getItem('display_currency')).toBeNull();

    localStorage.setItem('display_currency', 'EUR');
    const other = makeStore();
    other.dispatch({ type: 'auth/loggedOut' });
    expect(other.getState().currencies.display).toBeNull();
    expect(localStorage.getItem('display_currency')).toBeNull();
  });

  it('opens from the header and converts the events list (GET /event/?currency=), marked approximate', async () => {
    const user = userEvent.setup();
    signedIn();
    const listAsked: (string | null)[] = [];
    server.use(
      http.get('/app/api/v1/event/', ({ request }) => {
        const currency = new URL(request.url).searchParams.get('currency');
        listAsked.push(currency);
        return HttpResponse.json(eventListResponse.parse([currency === 'USD' ? anEvent('USD', 15.68, true) : anEvent('RUB', 1200, false)]));
      }),
    );
    renderApp('/events');
    const row = await screen.findByTestId('event-row-5');
    await waitFor(() => expect(spaces(row.textContent)).toContain('You are owed 1 200,00 ₽'));
    expect(row.textContent).not.toContain('≈');

    await user.click(screen.getAllByRole('button', { name: 'Exchange rates' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Exchange rates' });
    await user.selectOptions(within(dialog).getByTestId('display-currency-select'), 'USD');
    await user.click(within(dialog).getByTestId('rates-close'));

    await waitFor(() => expect(spaces(screen.getByTestId('event-row-5').textContent)).toContain('You are owed ≈15,68 $'));
    expect(listAsked.at(-1)).toBe('USD');
    expect(listAsked[0]).toBeNull();
  });
  it('converts the open event too, and a mode chosen in its header outranks it', async () => {
    const user = userEvent.setup();
    signedIn();
    localStorage.setItem('display_currency', 'USD');
    const eventAsked: string[] = [];
    server.use(
      http.get('/app/api/v1/event/', ({ request }) =>
        HttpResponse.json(
          eventListResponse.parse([new URL(request.url).searchParams.get('currency') === 'USD' ? anEvent('USD', 15.68, true) : anEvent('RUB', 1200, false)]),
        ),
      ),
      http.get('/app/api/v1/event/:id/', ({ request }) => {
        const currency = new URL(request.url).searchParams.get('currency') ?? '';
        eventAsked.push(currency);
        return HttpResponse.json(currency === 'USD' ? anEvent('USD', 15.68, true) : anEvent('RUB', 1200, false));
      }),
      http.get('/app/api/v1/operation/', () => HttpResponse.json(operationListResponse.parse({ count: 0, live: 0, page: 1, pages: 1, objects: [] }))),
    );
    renderApp('/events/5/transactions');
    const header = await screen.findByTestId('event-header');
    await waitFor(() => expect(spaces(within(header).getByText(/You are owed/).textContent)).toBe('You are owed ≈15,68 $'));
    expect(eventAsked[0]).toBe('USD');
    expect(within(header).getByTestId('display-currency')).toHaveValue('USD');
    await user.selectOptions(within(header).getByTestId('display-currency'), 'event');
    await waitFor(() => expect(spaces(within(header).getByText(/You are owed/).textContent)).toBe('You are owed 1 200,00 ₽'));
    expect(eventAsked.at(-1)).toBe('');
    expect(within(header).getByTestId('display-currency')).toHaveValue('event');
    // The list keeps the display currency.
    expect(spaces(screen.getByTestId('event-row-5').textContent)).toContain('You are owed ≈15,68 $');
  });
});
