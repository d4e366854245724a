import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { anEvent, BORIS, EVENT_ID, expenses, expensesAnswer, GLEB, json, ME, signedInWithEvent, VERA } from '../test-fixtures';

const PATH = `/events/${EVENT_ID}/my-share`;
/** Intl puts no-break spaces in amounts; the tests compare words. */
const words = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
/** The figures' call, not a day's operations opened on the screen. */
const isSummary = (request: Request) => new URL(request.url).searchParams.get('summary') === 'true';
const barText = (bar: HTMLElement) =>
  words(`${bar.querySelector('[data-part="name"]')?.textContent} ${bar.querySelector('[data-part="amount"]')?.textContent}`);

afterEach(() => {
  vi.useRealTimers();
});

/** Whether the server cache holds an expenses summary with this total (in major units). */
function expensesCached(store: ReturnType<typeof renderApp>['store'], total: number): boolean {
  return Object.values(store.getState().server.queries).some(
    (q) => q?.endpointName === 'expenses' && (q.data as { total_expenses?: number } | undefined)?.total_expenses === total,
  );
}

/** One animation frame, which the fake timers here leave real. */
const frame = () => act(() => new Promise((drawn) => requestAnimationFrame(drawn)));

describe('the my-share tab', () => {
  it('shows the totals the server gives: total, average and mine', async () => {
    signedInWithEvent();
    renderApp(PATH);
    expect(await screen.findByTestId('share-total', {}, { timeout: 8000 })).toHaveTextContent('Total spent8 200,00 ₽');
    expect(screen.getByTestId('share-average')).toHaveTextContent('Average per person2 050,00 ₽');
    expect(screen.getByTestId('share-mine')).toHaveTextContent('My share1 800,00 ₽');
    expect(within(screen.getByTestId('my-share')).getByText('4 participants')).toBeInTheDocument();
  });

  it('asks the server for my family’s figures with the Whole family toggle, the chart’s days included', async () => {
    signedInWithEvent();
    const asked: (string | null)[] = [];
    server.use(
      http.get('/app/api/v1/operation/expenses/', ({ request }) => {
        const family = new URL(request.url).searchParams.get('family');
        if (isSummary(request)) asked.push(family);
        if (family !== 'true') return expensesAnswer(request, expenses());
        // Anna and Boris: 1,800.00 + 800.00, and their parts of each day and operation.
        return expensesAnswer(
          request,
          expenses({
            my_share: 2600,
            operations: [
              { ...expenses().operations[0]!, mine: 2500, operations: [{ ...expenses().operations[0]!.operations[0]!, my_share: 2500 }] },
              { ...expenses().operations[1]!, mine: 100, operations: [{ ...expenses().operations[1]!.operations[0]!, my_share: 100 }] },
            ],
          }),
        );
      }),
    );
    renderApp(PATH);
    await screen.findByTestId('share-mine', {}, { timeout: 3000 });
    expect(asked).toEqual([null]);
    await userEvent.click(screen.getByRole('switch', { name: 'Whole family' }));
    await waitFor(() => expect(screen.getByTestId('share-mine')).toHaveTextContent("Our family's share2 600,00 ₽"), { timeout: 3000 });
    expect(asked).toEqual([null, 'true']);
    const bars = screen.getAllByTestId('person-bar');
    expect(bars.filter((b) => b.hasAttribute('data-highlighted')).map(barText)).toEqual(['me 1 800,00 ₽', 'Boris Ivanov 800,00 ₽']);
    // The chart's front bars and the list are the family's now, not mine.
    const chart = screen.getByTestId('spending-chart');
    expect(within(chart).getByText('Our family')).toBeInTheDocument();
    expect([...chart.querySelectorAll('title')].map((n) => words(n.textContent))).toEqual([
      "20 Nov: 5 000,00 ₽ in all, 2 500,00 ₽ our family's",
      "21 Nov: 3 200,00 ₽ in all, 100,00 ₽ our family's",
    ]);
    // The newest day's operations are a read of their own, which may answer after the figures.
    await waitFor(() => expect(screen.getAllByTestId('share-op')[0]).toHaveTextContent("Firewoodof 3 200,00 ₽100,00 ₽our family's part"));
    await userEvent.click(screen.getByRole('switch', { name: 'Whole family' }));
    await waitFor(() => expect(screen.getByTestId('share-mine')).toHaveTextContent('My share1 800,00 ₽'), { timeout: 3000 });
    expect(asked).toEqual([null, 'true', null]);
    await waitFor(() => expect(screen.getAllByTestId('share-op')[0]).toHaveTextContent('Firewoodof 3 200,00 ₽550,00 ₽my part'));
  });

  it('draws spending by day and by person, and lists spending operations with my part', async () => {
    signedInWithEvent();
    renderApp(PATH);
    const chart = await screen.findByTestId('spending-chart', {}, { timeout: 3000 });
    expect(words(chart.querySelector('svg')?.getAttribute('aria-label'))).toBe('2 days with spending; the most was 5 000,00 ₽ on 20 Nov.');
    expect(chart.querySelectorAll('rect')).toHaveLength(4);
    expect(screen.getAllByTestId('person-bar').map(barText)).toEqual([
      'Gleb Orlov 3 200,00 ₽',
      'Вера Петрова 2 400,00 ₽',
      'me 1 800,00 ₽',
      'Boris Ivanov 800,00 ₽',
    ]);
    // Newest day first, and open; the older one opens on a click and loads its operations then.
    const days = screen.getAllByTestId('share-day');
    expect(days.map((d) => words(d.querySelector('h4')?.textContent))).toEqual([
      'Saturday 21 November1 operation3 200,00 ₽',
      'Friday 20 November1 operation5 000,00 ₽',
    ]);
    expect(within(days[0]!).getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    expect(await within(days[0]!).findByTestId('share-op')).toHaveTextContent('Firewoodof 3 200,00 ₽550,00 ₽my part');
    expect(within(days[1]!).queryByTestId('share-op')).not.toBeInTheDocument();
    await userEvent.click(within(days[1]!).getByRole('button', { name: /20 Nov/ }));
    expect(await within(days[1]!).findByTestId('share-op')).toHaveTextContent('Groceriesof 5 000,00 ₽1 250,00 ₽my part');
    // And closes again.
    await userEvent.click(within(days[0]!).getByRole('button', { name: /21 Nov/ }));
    expect(within(days[0]!).getByRole('button')).toHaveAttribute('aria-expanded', 'false');
    expect(within(days[0]!).queryByTestId('share-op')).not.toBeInTheDocument();
  });

  it('asks for the figures without the operations and loads a day only when it is opened', async () => {
    signedInWithEvent();
    const days = Array.from({ length: 40 }, (_, d) => {
      const day = dayjs('2026-10-01').add(d, 'day').format('YYYY-MM-DD');
      return {
        day,
        total: 500,
        mine: 125,
        operations: Array.from({ length: 5 }, (_, i) => ({
          id: d * 10 + i + 1,
          kind: 'even_purchase' as const,
          description: `Day ${d + 1} #${i + 1}`,
          amount: 100,
          my_share: 25,
          date: `${day}T0${i}:00:00.000Z`,
        })),
      };
    });
    const asked: string[] = [];
    server.use(
      http.get('/app/api/v1/operation/expenses/', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.get('summary') === 'true' ? 'summary' : `day ${params.get('day')}`);
        return expensesAnswer(request, expenses({ operations: days }));
      }),
    );
    renderApp(PATH);
    await screen.findByTestId('share-total', {}, { timeout: 5000 });
    // The newest 30 days, the newest open with its operations newest first; the rest on request.
    expect(screen.getAllByTestId('share-day')).toHaveLength(30);
    await waitFor(() => expect(screen.getAllByTestId('share-op')).toHaveLength(5));
    expect(screen.getAllByTestId('share-op')[0]).toHaveTextContent('Day 40 #5');
    expect(asked).toEqual(['summary', 'day 2026-11-09']);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (10 more days)' }));
    expect(screen.getAllByTestId('share-day')).toHaveLength(40);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    const oldest = screen.getAllByTestId('share-day').at(-1)!;
    expect(oldest).toHaveTextContent('5 operations');
    await userEvent.click(within(oldest).getByRole('button', { name: /1 Oct/ }));
    await waitFor(() => expect(within(oldest).getAllByTestId('share-op')).toHaveLength(5));
    expect(asked).toEqual(['summary', 'day 2026-11-09', 'day 2026-10-01']);
  });

  it("says so when a day's operations cannot be loaded, and loads them on Retry", async () => {
    signedInWithEvent();
    let fail = true;
    server.use(
      http.get('/app/api/v1/operation/expenses/', ({ request }) =>
        !isSummary(request) && fail ? HttpResponse.json({ error: 'boom', code: 'internal' }, { status: 500 }) : expensesAnswer(request, expenses()),
      ),
    );
    renderApp(PATH, { language: 'ru' });
    expect(await screen.findByText('Не удалось загрузить операции этого дня.', {}, { timeout: 5000 })).toBeInTheDocument();
    // The figures are there all the same.
    expect(screen.getByTestId('share-total')).toHaveTextContent('8 200,00 ₽');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('share-op')).toHaveTextContent('Firewood');
  });

  it('shows skeleton totals while loading, then an error with Retry', async () => {
    signedInWithEvent();
    let fail = true;
    server.use(
      // The summary is asked for together with the event: it fails after the event has arrived.
      http.get('/app/api/v1/operation/expenses/', async ({ request }) => {
        if (!fail) return expensesAnswer(request, expenses());
        await delay(300);
        return HttpResponse.json({ error: 'boom', code: 'internal' }, { status: 500 });
      }),
    );
    renderApp(PATH);
    expect(await screen.findByTestId('share-loading')).toBeInTheDocument();
    expect(await screen.findByText('The expenses could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('share-total', {}, { timeout: 3000 })).toHaveTextContent('8 200,00 ₽');
  });

  it('says so when nothing was spent', async () => {
    signedInWithEvent();
    server.use(
      http.get('/app/api/v1/operation/expenses/', () =>
        json(expenses({ total_expenses: 0, avg_expenses: 0, my_share: 0, shares: [ME, BORIS, VERA, GLEB].map((uid) => ({ uid, share: 0 })), operations: [] })),
      ),
    );
    renderApp(PATH, { language: 'ru' });
    expect(await screen.findByTestId('share-empty', {}, { timeout: 3000 })).toHaveTextContent('Расходов пока нет.');
    expect(screen.getByTestId('share-total')).toHaveTextContent('0,00 ₽');
  });

  it('shows the first figures as soon as they come, without the swap delay meant for replacing figures', async () => {
    signedInWithEvent();
    let served = 0;
    server.use(
      http.get('/app/api/v1/operation/expenses/', ({ request }) => {
        if (isSummary(request)) served += 1;
        return expensesAnswer(request, expenses());
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store } = renderApp(PATH);
    // The screen's code, the request and its answer come in real time; the swap delay would be a
    // (fake) timer, which never moves here: the figures must show without it.
    for (let i = 0; i < 300 && !expensesCached(store, 8200); i++) await frame();
    expect(served).toBe(1);
    await frame();
    await frame();
    expect(screen.getByTestId('share-total')).toHaveTextContent('8 200,00 ₽');
    expect(screen.queryByTestId('share-loading')).not.toBeInTheDocument();
  });

  it('swaps to new data 900 ms after it arrives, keeping the old numbers until then (§4)', async () => {
    signedInWithEvent();
    let served = 0;
    server.use(
      http.get('/app/api/v1/operation/expenses/', ({ request }) => {
        if (isSummary(request)) served += 1;
        return expensesAnswer(request, served === 1 ? expenses() : expenses({ total_expenses: 9000, avg_expenses: 2250 }));
      }),
    );
    const { router, store } = renderApp(PATH);
    expect(await screen.findByTestId('share-total', {}, { timeout: 3000 })).toHaveTextContent('8 200,00 ₽');

    await act(() => router.navigate(`/events/${EVENT_ID}/transactions`));
    await screen.findByTestId('transactions-feed');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(() => router.navigate(PATH));
    // The 900 ms count from when the answer reaches the screen: it comes through real promises
    // and an animation frame (Redux Toolkit batches the cache's notifications), neither of which
    // the fake timers drive. So wait, in frames, until the cache holds it, then one frame more for
    // the screen to draw it and start the count. (Not vi.waitFor: with fake timers it moves them
    // on as it waits.)
    for (let i = 0; i < 300 && !expensesCached(store, 9000); i++) await frame();
    expect(served).toBe(2);
    await frame();
    await frame();
    expect(screen.getByTestId('share-updating')).toBeInTheDocument();
    expect(screen.getByTestId('share-total')).toHaveTextContent('8 200,00 ₽');
    await act(() => vi.advanceTimersByTimeAsync(850));
    expect(screen.getByTestId('share-total')).toHaveTextContent('8 200,00 ₽');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByTestId('share-total')).toHaveTextContent('9 000,00 ₽');
    expect(screen.getByTestId('share-average')).toHaveTextContent('2 250,00 ₽');
    expect(screen.queryByTestId('share-updating')).not.toBeInTheDocument();
  });

  it('marks converted amounts as approximate and asks for them in the display currency', async () => {
    const converted = anEvent({ currency: 'EUR', approximate: true });
    signedInWithEvent(converted);
    const asked: (string | null)[] = [];
    server.use(
      http.get('/app/api/v1/operation/expenses/', ({ request }) => {
        if (isSummary(request)) asked.push(new URL(request.url).searchParams.get('currency'));
        return expensesAnswer(request, expenses({ currency: 'EUR', approximate: true, total_expenses: 82, avg_expenses: 20.5, my_share: 18 }));
      }),
    );
    const { store } = renderApp(PATH);
    await screen.findByTestId('share-total', {}, { timeout: 3000 });
    store.dispatch({ type: 'events/displayModeSet', payload: { id: EVENT_ID, mode: { kind: 'currency', currency: 'EUR' } } });
    await waitFor(() => expect(asked).toContain('EUR'), { timeout: 3000 });
    await waitFor(() => expect(screen.getByTestId('share-total')).toHaveTextContent('≈82,00 €'), { timeout: 3000 });
    expect(asked[0]).toBeNull();
  });
});
