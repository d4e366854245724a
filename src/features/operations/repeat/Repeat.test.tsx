import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOperationBody, type CreateOperationBody, type OperationHistoryResponse } from '@common/contract/operations';
import type { Recurrence } from '@common/contract/recurrences';
import dayjs from 'dayjs';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { anEvent, anOperation, EVENT_ID, json, signedInWithEvent, stubIntersectionObserver } from '../test-fixtures';

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  io = stubIntersectionObserver();
});
afterEach(() => io.restore());

const SERIES: Recurrence = {
  id: 4,
  event_id: EVENT_ID,
  frequency: 'monthly',
  interval: 1,
  until: null,
  count: null,
  utc_offset: 180,
  first: '2026-10-31T09:00:00.000Z',
  next: '2026-11-30T09:00:00.000Z',
  made: 2,
  stopped: false,
  stop_reason: null,
  pattern: { kind: 'even_purchase', amount: 30000, currency: 'RUB', description: 'Rent' },
};

describe('a new operation that repeats', () => {
  it('sends its rule with the operation, shows the next date, and refuses a count below two before sending', async () => {
    const posted: CreateOperationBody[] = [];
    server.use(
      http.post('/app/api/v1/operation/', async ({ request }) => {
        const body = createOperationBody.parse(await request.json());
        posted.push(body);
        return json(anOperation({ recurrence_id: 4, details: { description: body.details.description } }));
      }),
    );
    signedInWithEvent(anEvent(), []);
    renderApp(`/events/${EVENT_ID}/transactions`, { language: 'en' });
    await userEvent.click(await screen.findByTestId('add-operation'));
    const dialog = await screen.findByRole('dialog', { name: 'New operation' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '30000');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'How often it repeats' }), 'monthly');
    const nextMonth = dayjs().add(1, 'month');
    expect(within(dialog).getByTestId('repeat-next')).toHaveTextContent(String(nextMonth.year()));
    // Without an end a series still ends, and says when.
    expect(within(dialog).getByRole('combobox', { name: 'When it ends' })).toHaveValue('never');
    expect(within(dialog).getByTestId('repeat-next')).toHaveTextContent('It stops after 1,000 times.');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'When it ends' }), 'count');
    expect(within(dialog).getByTestId('repeat-next')).not.toHaveTextContent('It stops after');
    const count = within(dialog).getByDisplayValue('12');
    await userEvent.clear(count);
    await userEvent.type(count, '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a whole number from 2 to 1000')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await userEvent.type(count, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.repeat).toMatchObject({ frequency: 'monthly', interval: 1, until: null, count: 12 });
    expect(typeof posted[0]!.repeat!.utc_offset).toBe('number');
  });
});

describe('the details of an occurrence', () => {
  function serve(op = anOperation({ id: 9, recurrence_id: 4, details: { description: 'Rent' } })) {
    const history: OperationHistoryResponse = { operation_id: 9, version: 1, versions: [] };
    const calls: { method: string; body: unknown }[] = [];
    let series = SERIES;
    signedInWithEvent(anEvent(), [op]);
    server.use(
      http.get('/app/api/v1/operation/9/', () => json(op)),
      http.get('/app/api/v1/operation/9/history/', () => json(history)),
      http.get('/app/api/v1/operation/9/recurrence/', () => json(series)),
      http.put('/app/api/v1/operation/9/recurrence/', async ({ request }) => {
        const body = (await request.json()) as Partial<Recurrence>;
        calls.push({ method: 'PUT', body });
        if (body.interval === 99) return HttpResponse.json({ error: 'x', code: 'repeat_until_before_start' }, { status: 400 });
        series = { ...series, ...body, next: '2027-01-31T09:00:00.000Z' } as Recurrence;
        return json(series);
      }),
      http.delete('/app/api/v1/operation/9/recurrence/', () => {
        calls.push({ method: 'DELETE', body: null });
        series = { ...series, next: null, stopped: true };
        return json(series);
      }),
    );
    return calls;
  }

  it('shows the rule and the next date in Russian, and stops it after asking', async () => {
    const calls = serve();
    renderApp(`/events/${EVENT_ID}/transactions/9`, { language: 'ru' });
    const section = await screen.findByTestId('repeat-section');
    expect(await within(section).findByTestId('repeat-rule')).toHaveTextContent('Каждый месяц');
    expect(within(section).getByTestId('repeat-status')).toHaveTextContent('Следующая: 30 ноября 2026');
    await userEvent.click(within(section).getByTestId('repeat-stop'));
    const confirm = await screen.findByTestId('confirm-dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Остановить повтор' }));
    await waitFor(() => expect(within(section).getByTestId('repeat-status')).toHaveTextContent('Остановлен. Уже записанные операции остаются.'));
    expect(calls).toEqual([{ method: 'DELETE', body: null }]);
    expect(within(section).queryByTestId('repeat-stop')).not.toBeInTheDocument();
  });

  it('changes the rule from here, and shows a refusal from the server in the dialog', async () => {
    const calls = serve();
    renderApp(`/events/${EVENT_ID}/transactions/9`, { language: 'en' });
    const section = await screen.findByTestId('repeat-section');
    await userEvent.click(await within(section).findByTestId('repeat-change'));
    const dialog = await screen.findByTestId('repeat-dialog');
    const every = within(dialog).getByDisplayValue('1');
    await userEvent.clear(every);
    await userEvent.type(every, '99');
    await userEvent.click(within(dialog).getByTestId('repeat-save'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A repeating operation must end after its first date');
    await userEvent.clear(every);
    await userEvent.type(every, '2');
    await userEvent.click(within(dialog).getByTestId('repeat-save'));
    await waitFor(() => expect(screen.queryByTestId('repeat-dialog')).not.toBeInTheDocument());
    expect(calls.at(-1)).toEqual({ method: 'PUT', body: expect.objectContaining({ frequency: 'monthly', interval: 2, until: null, count: null }) });
    expect(within(section).getByTestId('repeat-rule')).toHaveTextContent('Every 2 months');
    expect(within(section).getByTestId('repeat-status')).toHaveTextContent('Next: 31 January 2027');
  });

  it('lets someone else see and stop a series but neither start nor change one: it writes in its author’s name', async () => {
    serve(anOperation({ id: 9, recurrence_id: SERIES.id, details: { description: 'Rent', author: 99 } }));
    renderApp(`/events/${EVENT_ID}/transactions/9`, { language: 'en' });
    const section = await screen.findByTestId('repeat-section');
    expect(await within(section).findByTestId('repeat-rule')).toHaveTextContent('Every month');
    expect(within(section).getByTestId('repeat-stop')).toBeInTheDocument();
    expect(within(section).queryByTestId('repeat-change')).not.toBeInTheDocument();
  });

  it('offers nothing to repeat on someone else’s operation outside any series', async () => {
    serve(anOperation({ id: 9, recurrence_id: null, details: { description: 'Rent', author: 99 } }));
    renderApp(`/events/${EVENT_ID}/transactions/9`, { language: 'en' });
    expect(await screen.findByTestId('details-amount', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('repeat-section')).not.toBeInTheDocument();
  });

  it('offers to repeat an operation outside any series', async () => {
    const calls = serve(anOperation({ id: 9, recurrence_id: null, details: { description: 'Rent' } }));
    renderApp(`/events/${EVENT_ID}/transactions/9`, { language: 'en' });
    const section = await screen.findByTestId('repeat-section');
    await userEvent.click(within(section).getByTestId('repeat-start'));
    const dialog = await screen.findByTestId('repeat-dialog');
    expect(within(dialog).getByRole('combobox', { name: 'How often it repeats' })).toHaveValue('monthly');
    await userEvent.click(within(dialog).getByTestId('repeat-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ frequency: 'monthly', interval: 1, until: null, count: null });
  });
});
