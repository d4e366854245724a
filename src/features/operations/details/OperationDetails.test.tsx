import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Operation, OperationHistoryResponse } from '@common/contract/operations';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { anEvent, anOperation, BORIS, EVENT_ID, json, ME, signedInWithEvent, stubIntersectionObserver } from '../test-fixtures';

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  io = stubIntersectionObserver();
});
afterEach(() => io.restore());

const AT = '2026-11-21T12:00:00.000Z';

function historyOf(op: Operation, before: Operation): OperationHistoryResponse {
  const state = (o: Operation) => ({
    event_id: o.event_id,
    kind: o.kind,
    amount: o.details.original_amount,
    currency: o.details.original_currency,
    description: o.details.description,
    text: o.details.text,
    date: o.details.date,
    payer: o.details.payer,
    deleted: o.deleted,
    ...o.entered,
  });
  return {
    operation_id: op.id,
    version: op.version,
    versions: [
      { version: 1, action: 'created', actor: ME, at: AT, changes: [], reverted_to: null, state: state(before) },
      { version: 2, action: 'edited', actor: BORIS, at: AT, changes: ['amount'], reverted_to: null, state: state(op) },
    ],
  };
}

describe('an operation’s details', () => {
  it('opens at its own address with the history, and an edit made from an old version shows the newer one instead of overwriting it', async () => {
    const first = anOperation({ id: 7, details: { description: 'Dinner', amount: 3000, original_amount: 3000 } });
    let current = anOperation({ id: 7, version: 2, edited: { by: BORIS, at: AT }, details: { description: 'Dinner', amount: 3200, original_amount: 3200 } });
    const puts: { ifMatch: string | null; amount: number | undefined }[] = [];
    signedInWithEvent(anEvent(), [current]);
    server.use(
      http.get('/app/api/v1/operation/7/', () => json(current)),
      http.get('/app/api/v1/operation/7/history/', () => json(historyOf(current, first))),
      http.post('/app/api/v1/operation/7/seen', () => json({ event_id: EVENT_ID, unread_cnt: 0 })),
      http.put('/app/api/v1/operation/7/', async ({ request }) => {
        const body = (await request.json()) as { details: { amount?: number } };
        puts.push({ ifMatch: request.headers.get('If-Match'), amount: body.details.amount });
        if (puts.length === 1) {
          // Someone else saved 5,000 meanwhile.
          current = anOperation({ id: 7, version: 3, edited: { by: BORIS, at: AT }, details: { description: 'Dinner', amount: 5000, original_amount: 5000 } });
          return HttpResponse.json({ error: 'changed', code: 'operation_changed', current }, { status: 412 });
        }
        current = anOperation({ id: 7, version: 4, details: { description: 'Dinner', amount: body.details.amount, original_amount: body.details.amount } });
        return json(current);
      }),
    );
    renderApp(`/events/${EVENT_ID}/transactions/7`);
    const details = await screen.findByTestId('operation-details');
    expect(await within(details).findByTestId('details-amount')).toHaveTextContent(/3\s200,00\s₽/);
    const history = within(details).getByTestId('history');
    expect(within(history).getByText('Boris Ivanov changed it')).toBeInTheDocument();
    expect(history).toHaveTextContent(/3\s000,00\s₽ → 3\s200,00\s₽/);
    expect(within(details).getByTestId('restore-version-1')).toBeInTheDocument();

    await userEvent.click(within(details).getByTestId('operation-edit'));
    const form = await screen.findByRole('dialog', { name: 'Edit operation' });
    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('3200');
    // A purchase may become another purchase, nothing else.
    expect(within(form).getAllByRole('radio', { name: /purchase|them/ }).length).toBe(3);
    await userEvent.clear(amount);
    await userEvent.type(amount, '4500');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/Someone else changed this operation/)).toBeInTheDocument();
    await waitFor(() => expect(amount).toHaveValue('5000'));
    expect(puts).toEqual([{ ifMatch: '"2"', amount: 4500 }]);

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit operation' })).not.toBeInTheDocument());
    expect(puts[1]).toEqual({ ifMatch: '"3"', amount: 5000 });
    expect(await screen.findByText('Saved. The others will see it as new.')).toBeInTheDocument();
  });

  it('says so when the operation is not there', async () => {
    signedInWithEvent(anEvent(), []);
    server.use(
      http.get('/app/api/v1/operation/99/', () => HttpResponse.json({ error: 'Not found', code: 'not_found' }, { status: 404 })),
      http.get('/app/api/v1/operation/99/history/', () => HttpResponse.json({ error: 'Not found', code: 'not_found' }, { status: 404 })),
    );
    renderApp(`/events/${EVENT_ID}/transactions/99`, { language: 'ru' });
    expect(await screen.findByText('Такой операции нет или она не из ваших событий.')).toBeInTheDocument();
  });
});
