import { screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { eventsChanged, updateEvent } from '@/features/events';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { anEvent, anOperation, EVENT_ID, expenses, expensesAnswer, json, pagesOf, payout, signedInWithEvent } from '../test-fixtures';

/** Long enough that a tab which waits for the event cannot ask for its data within it. */
const EVENT_HOLD_MS = 1500;

/** Each tab: its address, the call it reads its data with, how that call answers, and what then shows. */
const tabs = [
  {
    name: 'transactions',
    path: `/events/${EVENT_ID}/transactions`,
    call: '/app/api/v1/operation/',
    answer: () => json(pagesOf([anOperation()], 1)),
    shown: 'transactions-feed',
  },
  {
    name: 'my share',
    path: `/events/${EVENT_ID}/my-share`,
    call: '/app/api/v1/operation/expenses/',
    answer: (request: Request) => expensesAnswer(request, expenses()),
    shown: 'share-total',
  },
  { name: 'debts', path: `/events/${EVENT_ID}/debts`, call: '/app/api/v1/event/:id/payout/', answer: () => json(payout([])), shown: 'settled' },
];

describe('an event tab opened by its address', () => {
  it.each(tabs)('asks for its data together with the event, once ($name)', async ({ path, call, answer, shown }) => {
    signedInWithEvent(anEvent(), [anOperation()]);
    const order: string[] = [];
    let tabAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (tabAsked = resolve));
    server.use(
      // The event answers only once the tab has asked for its data, or after EVENT_HOLD_MS.
      http.get('/app/api/v1/event/:id/', async () => {
        await Promise.race([asked, delay(EVENT_HOLD_MS)]);
        order.push('event answered');
        return json(anEvent());
      }),
      http.get(call, ({ request }) => {
        // My share's chart asks for its newest day's operations once shown: that is another read.
        if (!new URL(request.url).searchParams.has('day')) order.push('tab asked');
        tabAsked();
        return answer(request);
      }),
    );
    renderApp(path);
    expect(await screen.findByTestId(shown, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(order[0]).toBe('tab asked');
    // The tab stays mounted when the event arrives: it does not ask a second time.
    await waitFor(() => expect(order).toContain('event answered'));
    expect(order.filter((step) => step === 'tab asked')).toHaveLength(1);
  });

  it('shows only the frame’s spinner while the event loads, though the feed has arrived', async () => {
    signedInWithEvent(anEvent(), [anOperation({ details: { description: 'Bread' } })]);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let feedAnswered = false;
    server.use(
      http.get('/app/api/v1/event/:id/', async () => {
        await released;
        return json(anEvent());
      }),
      http.get('/app/api/v1/operation/', () => {
        feedAnswered = true;
        return json(pagesOf([anOperation({ details: { description: 'Bread' } })], 1));
      }),
    );
    renderApp(`/events/${EVENT_ID}/transactions`);
    await waitFor(() => expect(feedAnswered).toBe(true));
    await delay(100);
    expect(screen.queryByText('Bread')).toBeNull();
    expect(screen.queryByTestId('event-view')).toBeNull();
    expect(screen.getByRole('link', { name: /back/i })).toBeVisible();
    release();
    expect(await screen.findByText('Bread', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByTestId('event-view')).toBeVisible();
  });

  it('reads the plan again when the money changes (families regrouped), not when the event first arrives or is renamed', async () => {
    const event = anEvent();
    signedInWithEvent(event);
    let planReads = 0;
    server.use(
      http.get('/app/api/v1/event/:id/', () => json(event)),
      http.put('/app/api/v1/event/:id/', () => json(event)),
      http.get('/app/api/v1/event/:id/payout/', () => {
        planReads += 1;
        return json(payout([]));
      }),
    );
    const { store } = renderApp(`/events/${EVENT_ID}/debts`);
    expect(await screen.findByTestId('settled', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(planReads).toBe(1);
    await store.dispatch(updateEvent({ id: EVENT_ID, data: { event_name: 'Dacha 2' } }));
    await store.dispatch(updateEvent({ id: EVENT_ID, data: { families: [[1, 2]] } }));
    await waitFor(() => expect(planReads).toBe(2));
    // An operation written anywhere in the app moves the same version.
    await store.dispatch(eventsChanged([EVENT_ID]));
    await waitFor(() => expect(planReads).toBe(3));
  });
});
