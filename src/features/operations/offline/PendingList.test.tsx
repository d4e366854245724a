import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { anEvent, BORIS, EVENT_ID, ME, signedInWithEvent, stubIntersectionObserver } from '../test-fixtures';
import { dropPending, keepPending, pendingOperations } from './pending-store';

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(async () => {
  io = stubIntersectionObserver();
  for (const item of await pendingOperations()) await dropPending(item.key);
});
afterEach(() => io.restore());

describe('an operation saved with no connection', () => {
  it('waits above the feed with the balance it makes, can be changed while it waits, and removed after asking', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post('/app/api/v1/operation/', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }),
    );
    signedInWithEvent(anEvent({ payout: 0 }), []);
    renderApp(`/events/${EVENT_ID}/transactions`, { language: 'en' });
    await userEvent.click(await screen.findByTestId('add-operation'));
    const form = await screen.findByRole('dialog', { name: 'New operation' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '400');
    await userEvent.type(within(form).getByLabelText('Description'), 'Groceries');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const list = await screen.findByTestId('pending-list');
    // The list shows the queued operation in the render the queue changes; the form closes when
    // the save settles, which on a loaded machine can be a render later.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New operation' })).not.toBeInTheDocument());
    expect(within(list).getByText('1 waiting to send')).toBeInTheDocument();
    expect(within(list).getByText('Groceries')).toBeInTheDocument();
    expect(within(list).getByTestId('pending-status')).toHaveTextContent('Waiting to send');
    // Four people share 400: I paid it all, so my balance moves by +300.
    expect(within(list).getByTestId('pending-balance')).toHaveTextContent(/\+300,00\s₽/);
    // The event's own balance says it too, as not yet confirmed.
    expect(screen.getByTestId('header-pending')).toHaveTextContent(
      /With the 1 operation waiting on this device \(not yet confirmed\): You are owed\s300,00\s₽/,
    );
    const [stored] = await pendingOperations();
    expect(stored?.key).toBe(keys[0]);

    // Changed while it waits: the same key goes with it.
    await userEvent.click(within(list).getByTestId('pending-edit'));
    const edit = await screen.findByRole('dialog', { name: 'Edit operation' });
    const amount = within(edit).getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('400');
    await userEvent.clear(amount);
    await userEvent.type(amount, '800');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(list).getByTestId('pending-balance')).toHaveTextContent(/\+600,00\s₽/));
    expect((await pendingOperations()).map((p) => [p.key, p.body.details.amount])).toEqual([[keys[0], 800]]);

    await userEvent.click(within(list).getByTestId('pending-remove'));
    const confirm = await screen.findByTestId('confirm-dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('pending-list')).not.toBeInTheDocument());
    expect(await pendingOperations()).toEqual([]);
  });

  it('counts only the ones still to be sent in the balance, not one the server refused', async () => {
    // Sending fails for want of a connection, so both stay as they are.
    server.use(http.post('/app/api/v1/operation/', () => HttpResponse.error()));
    const purchase = (amount: number, description: string) => ({
      event_id: EVENT_ID,
      details: { kind: 'even_purchase' as const, amount, currency: 'RUB', description, payer: ME },
      participants: [{ uid: ME }, { uid: BORIS }],
    });
    await keepPending({ key: 'waits', author: ME, eventId: EVENT_ID, body: purchase(200, 'Bread'), queuedAt: '2026-11-20T10:00:00Z', refused: null });
    await keepPending({
      key: 'refused',
      author: ME,
      eventId: EVENT_ID,
      body: purchase(1000, 'Boat'),
      queuedAt: '2026-11-20T10:01:00Z',
      refused: { status: 400, code: 'participant_not_in_event', message: 'Not in the event' },
    });
    signedInWithEvent(anEvent({ payout: 0 }), []);
    renderApp(`/events/${EVENT_ID}/transactions`, { language: 'en' });
    const list = await screen.findByTestId('pending-list');
    expect(within(list).getByText('Boat')).toBeInTheDocument();
    // Two share 200 that I paid: +100; the refused 1,000 would have made it +600.
    expect(within(list).getByTestId('pending-balance')).toHaveTextContent(/\+100,00\s₽/);
    expect(screen.getByTestId('header-pending')).toHaveTextContent(/You are owed\s100,00\s₽/);
  });
});
