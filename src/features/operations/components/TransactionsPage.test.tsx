import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seenResponse } from '@common/contract/operations';
import { selectCurrentEvent } from '@/features/events';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import {
  anEvent,
  anOperation,
  BORIS,
  EVENT_ID,
  GLEB,
  json,
  manyOperations,
  ME,
  pagesOf,
  signedInWithEvent,
  stubIntersectionObserver,
  VERA,
} from '../test-fixtures';

const PATH = `/events/${EVENT_ID}/transactions`;
let io: ReturnType<typeof stubIntersectionObserver>;

beforeEach(() => {
  io = stubIntersectionObserver();
});
afterEach(() => io.restore());

const feed = () => screen.findByTestId('transactions-feed');
const rows = () => screen.getByTestId('transactions-feed').querySelectorAll('article');

describe('the transactions tab', () => {
  it('shows skeleton rows while the first page loads', async () => {
    signedInWithEvent();
    let release: (() => void) | undefined;
    server.use(
      http.get('/app/api/v1/operation/', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return json(pagesOf([anOperation()], 1));
      }),
    );
    renderApp(PATH);
    expect(await screen.findByTestId('feed-skeleton')).toBeInTheDocument();
    // The skeleton can show before the request reaches the handler; answer only once it has.
    await waitFor(() => expect(release).toBeDefined());
    release?.();
    await waitFor(() => expect(screen.queryByTestId('feed-skeleton')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(1);
  });

  it('says so when there is nothing yet, with the next action', async () => {
    signedInWithEvent(anEvent(), []);
    renderApp(PATH);
    const empty = await screen.findByTestId('feed-empty');
    expect(empty).toHaveTextContent('No operations yet.');
    await userEvent.click(within(empty).getByRole('button', { name: 'Add operation' }));
    expect(await screen.findByRole('dialog', { name: 'New operation' })).toBeInTheDocument();
  });

  it('shows an error with Retry, and Retry loads the page', async () => {
    signedInWithEvent();
    let fail = true;
    server.use(
      http.get('/app/api/v1/operation/', () =>
        fail ? HttpResponse.json({ error: 'boom', code: 'internal' }, { status: 500 }) : json(pagesOf([anOperation({ details: { description: 'Bread' } })], 1)),
      ),
    );
    renderApp(PATH);
    expect(await screen.findByText('The operations could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bread')).toBeInTheDocument();
  });

  it('titles someone else’s first-person kind by what it is, and mine in my own words (ru)', async () => {
    const theirs = anOperation({
      id: 8,
      kind: 'i_lent_them',
      status: 'lent',
      details: { description: '', amount: 700, payer: VERA, author: VERA, date: '2026-11-21T10:00:00.000Z' },
      participants: [
        { uid: VERA, paid: 700, share: 0, effect: 700 },
        { uid: ME, paid: 0, share: 700, effect: -700 },
      ],
    });
    const mine = anOperation({
      id: 9,
      kind: 'i_lent_them',
      status: 'lent',
      details: { description: '', amount: 300, payer: ME, author: ME, date: '2026-11-21T11:00:00.000Z' },
      participants: [
        { uid: ME, paid: 300, share: 0, effect: 300 },
        { uid: BORIS, paid: 0, share: 300, effect: -300 },
      ],
    });
    signedInWithEvent(anEvent(), [mine, theirs]);
    renderApp(PATH, { language: 'ru' });
    await feed();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = [...rows()] as HTMLElement[];
    expect(first).toHaveTextContent('Я дала в долг');
    expect(second).toHaveTextContent('Заём');
    expect(second).not.toHaveTextContent('Я дала в долг');
  });

  it('tells the one who paid back what they did, in Russian too, without alarm', async () => {
    const op = anOperation({
      id: 7,
      kind: 'payback',
      status: 'repaid',
      details: { description: '', amount: 2100, payer: ME, author: ME, date: '2026-11-21T09:00:00.000Z' },
      participants: [
        { uid: ME, paid: 2100, share: 0, effect: 2100 },
        { uid: BORIS, paid: 0, share: 2100, effect: -2100 },
      ],
    });
    signedInWithEvent(anEvent(), [op]);
    renderApp(PATH, { language: 'ru' });
    await feed();
    const effect = await screen.findByTestId('op-effect');
    expect(effect.textContent?.replace(/\s+/g, ' ')).toBe('вы вернули 2 100,00 ₽');
    expect(effect).toHaveAttribute('data-money', 'neutral');
  });

  it('describes each operation: status, amounts in both currencies, who paid for whom and my effect', async () => {
    const ops = [
      anOperation({
        id: 3,
        kind: 'payback',
        status: 'received',
        details: { description: '', amount: 500, payer: BORIS, author: BORIS, date: '2026-11-21T09:00:00.000Z' },
        participants: [
          { uid: ME, paid: 0, share: 500, effect: -500 },
          { uid: BORIS, paid: 500, share: 0, effect: 500 },
        ],
      }),
      anOperation({
        id: 2,
        details: { description: 'Museum', amount: 5250.5, original_amount: 50, original_currency: 'EUR', rate: '105,01', date: '2026-11-21T08:00:00.000Z' },
        participants: [
          { uid: ME, paid: 5250.5, share: 1312.63, effect: 3937.87 },
          { uid: BORIS, paid: 0, share: 1312.63, effect: -1312.63 },
          { uid: VERA, paid: 0, share: 1312.62, effect: -1312.62 },
          { uid: GLEB, paid: 0, share: 1312.62, effect: -1312.62 },
        ],
      }),
      anOperation({
        id: 1,
        kind: 'comment',
        status: null,
        details: { amount: 0, original_amount: 0, description: '', text: 'Who drives?', author: VERA, payer: null },
        participants: [],
      }),
    ];
    signedInWithEvent(anEvent(), ops);
    renderApp(PATH);
    await feed();
    await screen.findByText('Museum');
    const [payback, museum, comment] = [...rows()] as HTMLElement[];

    expect(payback).toHaveTextContent('Payback');
    expect(payback).toHaveTextContent('received');
    expect(payback).toHaveTextContent('Paid back by Boris Ivanov to me');
    // Being paid back lowers what I am owed, but it is money received, not a loss in red.
    expect(within(payback!).getByTestId('op-effect')).toHaveTextContent('you received 500,00 ₽');
    expect(within(payback!).getByTestId('op-effect')).toHaveAttribute('data-money', 'accrual');

    expect(within(museum!).getByTestId('op-amount')).toHaveTextContent('50,00 €');
    expect(museum).toHaveTextContent('5 250,50 ₽ in the event currency');
    expect(museum).toHaveTextContent('even');
    expect(museum).toHaveTextContent('Paid by me for me, Boris Ivanov and 2 more');
    expect(within(museum!).getByTestId('op-effect')).toHaveTextContent('your balance +3 937,87 ₽');

    expect(comment).toHaveTextContent('Вера Петрова');
    expect(comment).toHaveTextContent('Who drives?');
  });

  it.each([
    [
      'en',
      'not involved',
      'Paid by Вера Петрова for Вера Петрова, Gleb Orlov',
      'Paid back by Gleb Orlov to Boris Ivanov',
      'Unknown person',
      'Actions for this operation',
    ],
    [
      'ru',
      'вас не касается',
      'Платила: Вера Петрова · за: Вера Петрова, Gleb Orlov',
      'Вернул: Gleb Orlov · кому: Boris Ivanov',
      'Неизвестный участник',
      'Действия с операцией',
    ],
  ] as const)('shows operations I am not in without my share or effect (%s)', async (language, none, museum, payback, unknown, actions) => {
    const ops = [
      anOperation({
        id: 7,
        kind: 'payback',
        status: 'repaid',
        details: { description: '', amount: 300, original_amount: 300, payer: GLEB, author: GLEB },
        participants: [
          { uid: GLEB, paid: 300, share: 0, effect: 300 },
          { uid: BORIS, paid: 0, share: 300, effect: -300 },
        ],
      }),
      anOperation({
        id: 6,
        details: { description: 'Museum', amount: 900, original_amount: 900, payer: VERA, author: VERA },
        participants: [
          { uid: VERA, paid: 900, share: 450, effect: 450 },
          { uid: GLEB, paid: 0, share: 450, effect: -450 },
        ],
      }),
      // Someone who has since left the event (the list no longer has them) paid for Vera.
      anOperation({
        id: 5,
        kind: 'i_purchased_them',
        status: 'bought',
        details: { description: 'Tickets', amount: 120, original_amount: 120, payer: 99, author: VERA },
        participants: [
          { uid: 99, paid: 120, share: 0, effect: 120 },
          { uid: VERA, paid: 0, share: 120, effect: -120 },
        ],
      }),
    ];
    signedInWithEvent(anEvent(), ops);
    renderApp(PATH, { language });
    await feed();
    await screen.findByText('Museum');
    const [repaid, bought, tickets] = [...rows()] as HTMLElement[];
    for (const row of [repaid, bought, tickets]) {
      expect(within(row!).queryByTestId('op-effect')).not.toBeInTheDocument();
      expect(row).toHaveTextContent(none);
    }
    expect(within(bought!).getByTestId('op-amount')).toHaveTextContent(language === 'en' ? '900,00 ₽' : '900,00 ₽');
    expect(bought).toHaveTextContent(museum);
    expect(repaid).toHaveTextContent(payback);
    expect(tickets).toHaveTextContent('Tickets');
    expect(tickets).toHaveTextContent(unknown);
    // The row still offers its actions, as any participant of the event may use them.
    expect(within(bought!).getByRole('button', { name: actions })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Paid by Вера Петрова, Boris Ivanov for Boris Ivanov, Вера Петрова, Gleb Orlov'],
    ['ru', 'Платили: Вера Петрова, Boris Ivanov · за: Boris Ivanov, Вера Петрова, Gleb Orlov'],
  ] as const)('names every payer of a dinner paid by two (%s)', async (language, words) => {
    const dinner = anOperation({
      id: 9,
      details: { description: 'Dinner', amount: 900, original_amount: 900, payer: VERA, author: VERA },
      participants: [
        { uid: BORIS, paid: 400, share: 300, effect: 100 },
        { uid: VERA, paid: 500, share: 300, effect: 200 },
        { uid: GLEB, paid: 0, share: 300, effect: -300 },
      ],
    });
    signedInWithEvent(anEvent(), [dinner]);
    renderApp(PATH, { language });
    await feed();
    await screen.findByText('Dinner');
    expect(rows()[0]!.textContent?.replace(/\s+/g, ' ')).toContain(words);
  });

  it('speaks Russian that agrees: the lender’s and my own gender, and “кому: мне”', async () => {
    const ops = [
      anOperation({
        id: 3,
        kind: 'they_lent_me',
        status: 'received',
        details: { description: '', amount: 700, original_amount: 700, payer: BORIS, author: ME },
        participants: [
          { uid: BORIS, paid: 700, share: 0, effect: 700 },
          { uid: ME, paid: 0, share: 700, effect: -700 },
        ],
      }),
      anOperation({
        id: 2,
        kind: 'i_purchased_them',
        status: 'bought',
        details: { description: '', amount: 1200, original_amount: 1200, payer: ME, author: ME },
        participants: [
          { uid: ME, paid: 1200, share: 0, effect: 1200 },
          { uid: VERA, paid: 0, share: 1200, effect: -1200 },
        ],
      }),
    ];
    signedInWithEvent(anEvent(), ops);
    renderApp(PATH, { language: 'ru' });
    await feed();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [loan, gift] = [...rows()] as HTMLElement[];
    expect(loan).toHaveTextContent('Одолжил: Boris Ivanov · кому: мне');
    expect(loan).toHaveTextContent('получила');
    expect(gift).toHaveTextContent('Я купила им');
    expect(gift).toHaveTextContent('купила');
    expect(gift).toHaveTextContent('Платила: я · за: Вера Петрова');
  });

  it('shows a payback request in my language with the way to settle it, and marks it settled once paid', async () => {
    const asked = anOperation({
      id: 4,
      kind: 'comment',
      status: null,
      details: { description: '', amount: 0, original_amount: 0, text: 'Payback request: 3622,34 ₽', payer: null, author: BORIS },
      participants: [],
      request: { to: ME, amounts: [{ amount: 3622.34, currency: 'RUB' }], paid: [{ amount: 1000, currency: 'RUB' }], settled: false },
    });
    const mine = anOperation({
      id: 3,
      kind: 'comment',
      status: null,
      details: { description: '', amount: 0, original_amount: 0, text: 'Payback request: 100,00 ₽', payer: null, author: ME },
      participants: [],
      request: { to: GLEB, amounts: [{ amount: 100, currency: 'RUB' }], paid: [{ amount: 100, currency: 'RUB' }], settled: true },
    });
    signedInWithEvent(anEvent(), [asked, mine]);
    renderApp(PATH, { language: 'ru' });
    const notes = await screen.findAllByTestId('payback-request', {}, { timeout: 5000 });
    expect(notes[0]).toHaveTextContent('Boris Ivanov просит вернуть 3 622,34 ₽: столько вы были должны ему по всем общим событиям в момент запроса.');
    expect(notes[0]).toHaveTextContent('ещё не закрыт');
    expect(notes[0]).toHaveTextContent('уже возвращено: 1 000,00 ₽');
    expect(notes[0]).not.toHaveTextContent('Payback request');
    expect(within(notes[0]!).getByRole('link', { name: 'Вернуть долг: Boris Ivanov' })).toHaveAttribute('href', `/people/${BORIS}?record=1`);
    expect(notes[1]).toHaveTextContent('Должник: Gleb Orlov');
    expect(notes[1]).toHaveTextContent('закрыт');
    expect(notes[1]).toHaveAttribute('data-settled', 'true');
    expect(within(notes[1]!).queryByRole('link')).toBeNull();
  });

  it('marks amounts converted into a display currency as approximate', async () => {
    const op = anOperation({
      id: 4,
      approximate: true,
      details: { description: 'Dinner', amount: 40.4, currency: 'EUR', original_amount: 4000, original_currency: 'RUB' },
      participants: [
        { uid: ME, paid: 40.4, share: 10.1, effect: 30.3 },
        { uid: BORIS, paid: 0, share: 10.1, effect: -10.1 },
        { uid: VERA, paid: 0, share: 10.1, effect: -10.1 },
        { uid: GLEB, paid: 0, share: 10.1, effect: -10.1 },
      ],
    });
    signedInWithEvent(anEvent({ currency: 'EUR', approximate: true }), [op]);
    renderApp(PATH);
    await screen.findByText('Dinner');
    const row = rows()[0] as HTMLElement;
    expect(within(row).getByTestId('op-amount')).toHaveTextContent('4 000,00 ₽');
    expect(row).toHaveTextContent('≈40,40 € at the rate of 1 May 2024');
    expect(within(row).getByTestId('op-effect')).toHaveTextContent('your balance ≈+30,30 €');
  });

  it('groups by day and speaks Russian, plurals included', async () => {
    const today = new Date();
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    const ops = [
      anOperation({ id: 3, details: { date: today.toISOString() } }),
      anOperation({ id: 2, details: { date: today.toISOString() } }),
      anOperation({ id: 1, details: { date: yesterday.toISOString() } }),
    ];
    signedInWithEvent(anEvent(), ops);
    renderApp(PATH, { language: 'ru' });
    await feed();
    expect(await screen.findByRole('heading', { name: 'Сегодня' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Вчера' })).toBeInTheDocument();
    expect(screen.getByText('3 операции')).toBeInTheDocument();
    expect(screen.getAllByText('поровну')).toHaveLength(3);
  });

  it('loads the next 20 when the end of the list scrolls into view, and says when the history ends', async () => {
    const ops = manyOperations(45, 1).reverse();
    signedInWithEvent(anEvent(), ops);
    const pages: number[] = [];
    server.use(
      http.get('/app/api/v1/operation/', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        pages.push(page);
        return json(pagesOf(ops, page));
      }),
    );
    renderApp(PATH);
    await screen.findByText('Purchase 45');
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByText('45 operations')).toBeInTheDocument();

    act(() => io.show(screen.getByTestId('feed-more')));
    await waitFor(() => expect(rows()).toHaveLength(40));
    act(() => io.show(screen.getByTestId('feed-more')));
    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(pages).toEqual([1, 2, 3]);
    expect(screen.queryByTestId('feed-more')).not.toBeInTheDocument();
    expect(screen.getByText('That is the whole history.')).toBeInTheDocument();
  });

  it('draws a page’s first rows before the rest, so a slow phone paints those on screen sooner', async () => {
    signedInWithEvent(anEvent(), manyOperations(20, 1).reverse());
    // Each commit's row count, as the page's DOM changes: what a frame painted in between could show.
    const counts: number[] = [];
    const observer = new MutationObserver(() => {
      const feed = document.querySelector('[data-testid="transactions-feed"]');
      const n = feed ? feed.querySelectorAll('article').length : 0;
      if (n > 0 && counts.at(-1) !== n) counts.push(n);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderApp(PATH);
    await waitFor(() => expect(rows()).toHaveLength(20));
    observer.disconnect();
    expect(counts).toEqual([8, 20]);
    expect(rows()[0]).toHaveTextContent('Purchase 20');
  });

  it('draws a further page whole, so the height a far page keeps is that of all its rows', async () => {
    signedInWithEvent(anEvent(), manyOperations(40, 1).reverse());
    renderApp(PATH);
    await waitFor(() => expect(rows()).toHaveLength(20));
    const counts: number[] = [];
    const observer = new MutationObserver(() => {
      const n = rows().length;
      if (counts.at(-1) !== n) counts.push(n);
    });
    observer.observe(screen.getByTestId('transactions-feed'), { childList: true, subtree: true });
    act(() => io.show(screen.getByTestId('feed-more')));
    await waitFor(() => expect(rows()).toHaveLength(40));
    observer.disconnect();
    expect(counts.filter((n) => n > 20)).toEqual([40]);
  });

  it('keeps far pages as boxes of their height, so the DOM stays small however far one scrolls', async () => {
    const ops = manyOperations(40, 1).reverse();
    signedInWithEvent(anEvent(), ops);
    renderApp(PATH);
    await screen.findByText('Purchase 40');
    act(() => io.show(screen.getByTestId('feed-more')));
    await waitFor(() => expect(rows()).toHaveLength(40));
    const first = screen.getByTestId('transactions-feed').querySelector('[data-page="0"]')!;
    act(() => io.hide(first));
    expect(first.querySelectorAll('article')).toHaveLength(0);
    expect(rows()).toHaveLength(20);
    act(() => io.show(first));
    expect(first.querySelectorAll('article')).toHaveLength(20);
  });

  it('shows an error with Retry when a further page fails', async () => {
    const ops = manyOperations(25, 1).reverse();
    signedInWithEvent(anEvent(), ops);
    let failPage2 = true;
    server.use(
      http.get('/app/api/v1/operation/', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        if (page === 2 && failPage2) return HttpResponse.json({ error: 'boom', code: 'internal' }, { status: 500 });
        return json(pagesOf(ops, page));
      }),
    );
    renderApp(PATH);
    await screen.findByText('Purchase 25');
    act(() => io.show(screen.getByTestId('feed-more')));
    expect(await screen.findByText('More operations could not be loaded.')).toBeInTheDocument();
    failPage2 = false;
    await userEvent.click(within(screen.getByTestId('feed-more')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
  });

  it('marks rows seen as they are read, one by one while others stay unread', async () => {
    const ops = [
      anOperation({ id: 3, seen: false, details: { author: BORIS, payer: BORIS } }),
      anOperation({ id: 2, seen: false, details: { author: BORIS, payer: BORIS } }),
      anOperation({ id: 1, seen: false, details: { author: BORIS, payer: BORIS } }),
    ];
    signedInWithEvent(anEvent({ unread_cnt: 3 }), ops);
    const seen: { id: string; all: boolean }[] = [];
    server.use(
      http.post('/app/api/v1/operation/:id/seen', async ({ params, request }) => {
        const body = (await request.json()) as { all?: boolean };
        seen.push({ id: String(params.id), all: body.all === true });
        return json(seenResponse.parse({ event_id: EVENT_ID, unread_cnt: 3 - seen.length }));
      }),
    );
    const { store } = renderApp(PATH);
    await screen.findByText('3 new');
    const row = screen.getByTestId('transactions-feed').querySelector('article[data-op="3"]')!;
    expect(row).toHaveAttribute('data-unread');
    act(() => io.show(row));
    await waitFor(() => expect(seen).toEqual([{ id: '3', all: false }]));
    await waitFor(() => expect(row).not.toHaveAttribute('data-unread'));
    expect(selectCurrentEvent(store.getState())?.unread_cnt).toBe(2);
    expect(await screen.findByText('2 new')).toBeInTheDocument();
  });

  it('marks a row seen that was drawn after the rest of the page, when it is read', async () => {
    const ops = manyOperations(20, 1)
      .reverse()
      .map((op) => ({ ...op, seen: false, details: { ...op.details, author: BORIS, payer: BORIS } }));
    signedInWithEvent(anEvent({ unread_cnt: 20 }), ops);
    const seen: string[] = [];
    server.use(
      http.post('/app/api/v1/operation/:id/seen', ({ params }) => {
        seen.push(String(params.id));
        return json(seenResponse.parse({ event_id: EVENT_ID, unread_cnt: 20 - seen.length }));
      }),
    );
    renderApp(PATH);
    await waitFor(() => expect(rows()).toHaveLength(20));
    // The page's last row, drawn in the render after its first eight.
    const last = screen.getByTestId('transactions-feed').querySelector('article[data-op="1"]')!;
    expect(last).toHaveAttribute('data-unread');
    act(() => io.show(last));
    await waitFor(() => expect(seen).toEqual(['1']));
  });

  it('marks rows seen when the operations arrived before the event', async () => {
    const ops = [
      anOperation({ id: 2, seen: false, details: { author: BORIS, payer: BORIS } }),
      anOperation({ id: 1, seen: false, details: { author: BORIS, payer: BORIS } }),
    ];
    const event = anEvent({ unread_cnt: 2 });
    signedInWithEvent(event, ops);
    const seen: string[] = [];
    server.use(
      http.get('/app/api/v1/event/:id/', async () => {
        await delay(300);
        return json(event);
      }),
      http.post('/app/api/v1/operation/:id/seen', ({ params }) => {
        seen.push(String(params.id));
        return json(seenResponse.parse({ event_id: EVENT_ID, unread_cnt: 2 - seen.length }));
      }),
    );
    renderApp(PATH);
    await waitFor(() => expect(rows()).toHaveLength(2));
    act(() => io.show(screen.getByTestId('transactions-feed').querySelector('article[data-op="2"]')!));
    await waitFor(() => expect(seen).toEqual(['2']));
  });

  it('marks a row seen that became unread where it was drawn, when it is read again', async () => {
    const ops = [
      anOperation({ id: 2, seen: true, details: { author: BORIS, payer: BORIS } }),
      anOperation({ id: 1, seen: true, details: { author: BORIS, payer: BORIS } }),
    ];
    signedInWithEvent(anEvent({ unread_cnt: 1 }), ops);
    const seen: string[] = [];
    server.use(
      http.post('/app/api/v1/operation/:id/seen', ({ params }) => {
        seen.push(String(params.id));
        return json(seenResponse.parse({ event_id: EVENT_ID, unread_cnt: 0 }));
      }),
    );
    renderApp(PATH);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const row = screen.getByTestId('transactions-feed').querySelector('article[data-op="1"]')!;
    expect(row).not.toHaveAttribute('data-unread');
    // What a row shows when someone else edits it: the same element, now unread.
    row.setAttribute('data-unread', 'true');
    await act(() => Promise.resolve());
    act(() => io.show(row));
    await waitFor(() => expect(seen).toEqual(['1']));
  });

  it('marks the whole event seen in one call once every unread row has been read', async () => {
    const ops = [anOperation({ id: 2, seen: false, details: { author: VERA } }), anOperation({ id: 1, seen: false, details: { author: VERA } })];
    signedInWithEvent(anEvent({ unread_cnt: 2 }), ops);
    const calls: { id: string; all: boolean }[] = [];
    server.use(
      http.post('/app/api/v1/operation/:id/seen', async ({ params, request }) => {
        const body = (await request.json()) as { all?: boolean };
        calls.push({ id: String(params.id), all: body.all === true });
        return json(seenResponse.parse({ event_id: EVENT_ID, unread_cnt: 0 }));
      }),
    );
    const { store } = renderApp(PATH);
    await screen.findByText('2 new');
    const feedEl = screen.getByTestId('transactions-feed');
    act(() => {
      io.show(feedEl.querySelector('article[data-op="2"]')!);
      io.show(feedEl.querySelector('article[data-op="1"]')!);
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.all).toBe(true);
    await waitFor(() => expect(selectCurrentEvent(store.getState())?.unread_cnt).toBe(0));
    expect(screen.queryByText(/new$/)).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'failed to delete transaction: This event has been deleted'],
    ['ru', null],
  ] as const)("says 'failed to delete transaction: …' with the server's reason when a delete is refused (%s)", async (language, text) => {
    const op = anOperation({ id: 5, details: { description: 'Taxi' } });
    signedInWithEvent(anEvent(), [op]);
    server.use(http.delete('/app/api/v1/operation/:id/', () => HttpResponse.json({ error: 'x', code: 'event_deleted' }, { status: 400 })));
    renderApp(PATH, { language });
    await screen.findByText('Taxi');
    const row = screen.getByTestId('transactions-feed').querySelector('article[data-op="5"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: language === 'en' ? 'Actions for this operation' : /Действия/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: language === 'en' ? 'Delete' : 'Удалить' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: language === 'en' ? 'Delete' : 'Удалить' }));
    const alert = await screen.findByTestId('delete-error');
    if (text) expect(alert).toHaveTextContent(text);
    else expect(alert.textContent).toMatch(/^не удалось удалить операцию: .+/);
  });

  it('deletes after a confirmation, folds the row to one line out of the count, and restores it', async () => {
    const op = anOperation({ id: 5, details: { description: 'Taxi' } });
    const earlierDeleted = anOperation({ id: 4, deleted: true, details: { description: 'Old fare' } });
    signedInWithEvent(anEvent(), [op, anOperation({ id: 3, details: { description: 'Bus' } }), earlierDeleted]);
    const calls: string[] = [];
    server.use(
      http.delete('/app/api/v1/operation/:id/', ({ params }) => {
        calls.push(`delete ${params.id}`);
        return json({ ...op, deleted: true });
      }),
      http.post('/app/api/v1/operation/:id/restore/', ({ params }) => {
        calls.push(`restore ${params.id}`);
        return json(op);
      }),
    );
    renderApp(PATH);
    await screen.findByText('Taxi');
    const taxi = () => screen.getByTestId('transactions-feed').querySelector('article[data-op="5"]') as HTMLElement;
    expect(screen.getByText('2 operations')).toBeInTheDocument();
    await userEvent.click(within(taxi()).getByRole('button', { name: 'Actions for this operation' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the operation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await userEvent.click(within(taxi()).getByRole('button', { name: 'Actions for this operation' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete the operation?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('transactions-feed').querySelector('article[data-op="5"]')).toHaveAttribute('data-deleted'));
    expect(calls).toEqual(['delete 5']);
    // Deleted rows are one line: no who-paid line, no time, no menu; and the heading counts only live ones.
    const deletedRow = screen.getByTestId('transactions-feed').querySelector('article[data-op="5"]') as HTMLElement;
    expect(deletedRow.querySelector('time')).toBeNull();
    expect(within(deletedRow).queryByRole('button', { name: 'Actions for this operation' })).toBeNull();
    expect(within(deletedRow).getByText('Taxi')).toBeInTheDocument();
    expect(screen.getByText('1 operation')).toBeInTheDocument();

    await userEvent.click(within(deletedRow).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByTestId('transactions-feed').querySelector('article[data-op="5"]')).not.toHaveAttribute('data-deleted'));
    expect(screen.getByText('2 operations')).toBeInTheDocument();
    expect(calls).toEqual(['delete 5', 'restore 5']);
  });

  it('moves an operation to another event, and shows the server’s refusal when someone is missing there', async () => {
    const op = anOperation({ id: 6, details: { description: 'Boat' } });
    const other = anEvent({ id: 2, event_name: 'Sea' });
    signedInWithEvent(anEvent(), [op]);
    let refuse = true;
    const moves: unknown[] = [];
    let requested: string[] = [];
    server.use(
      http.get('/app/api/v1/event/', () => {
        requested.push('list');
        return json([anEvent(), other, anEvent({ id: 3, event_name: '', quasi_event_name: 'Boris Petrov' })]);
      }),
      http.get('/app/api/v1/event/:id/', ({ params }) => {
        requested.push(`event ${String(params.id)}`);
        return json(params.id === '2' ? other : anEvent());
      }),
      http.post('/app/api/v1/operation/move_operation/', async ({ request }) => {
        moves.push(await request.json());
        if (refuse) {
          return HttpResponse.json(
            { error: 'everyone in the operation must be a participant of the target event', code: 'move_target_missing_people', field: 'participants' },
            { status: 400 },
          );
        }
        return json({ ...op, event_id: 2 });
      }),
    );
    renderApp(PATH);
    await screen.findByText('Boat');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for this operation' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Move to another event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to another event' });
    // A dialogue is no target: nobody else can be in it.
    expect(
      within(within(dialog).getByLabelText('Event'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an event', 'Sea']);
    await userEvent.selectOptions(within(dialog).getByLabelText('Event'), 'Sea');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('everyone in the operation must be a participant of the target event')).toBeInTheDocument();
    refuse = false;
    requested = [];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByText('Boat')).not.toBeInTheDocument());
    // The event the user is in stays open: its balances are read again, not swapped for the target's.
    await waitFor(() => expect(requested).toEqual(expect.arrayContaining(['event 1', 'list'])));
    expect(requested).not.toContain('event 2');
    expect(screen.getByTestId('event-view')).toBeInTheDocument();
    expect(screen.getByTestId('transactions-feed')).toBeInTheDocument();
    expect(moves).toEqual([
      { event_id: 2, operation_id: 6 },
      { event_id: 2, operation_id: 6 },
    ]);
  });
});
