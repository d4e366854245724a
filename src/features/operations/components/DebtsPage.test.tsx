import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createOperationBody, debtsResponse, type CreateOperationBody } from '@common/contract/operations';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { anEvent, anOperation, BORIS, EVENT_ID, GLEB, json, ME, payout, signedInWithEvent, VERA } from '../test-fixtures';

const PATH = `/events/${EVENT_ID}/debts`;
const words = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

const plan = [
  { from: GLEB, to: ME, from_family: 2, to_family: 1, amount: 2200, currency: 'RUB' },
  { from: VERA, to: BORIS, from_family: 2, to_family: 1, amount: 1300.5, currency: 'RUB' },
];

function withPlan(transfers = plan, overrides = {}) {
  signedInWithEvent(anEvent({}, { [ME]: 2200, [BORIS]: 1300.5, [VERA]: -1300.5, [GLEB]: -2200 }));
  server.use(http.get('/app/api/v1/event/:id/payout/', () => json(payout(transfers, overrides))));
}

function recordPosts() {
  const posted: { body: CreateOperationBody; key: string | null }[] = [];
  server.use(
    http.post('/app/api/v1/operation/', async ({ request }) => {
      const body = createOperationBody.parse(await request.json());
      posted.push({ body, key: request.headers.get('Idempotency-Key') });
      return json(anOperation({ kind: 'payback', status: 'repaid' }));
    }),
  );
  return posted;
}

describe('the debts tab', () => {
  it('shows the plan as cards: who pays whom how much, with their families', async () => {
    withPlan();
    renderApp(PATH);
    const cards = await screen.findAllByTestId('transfer', {}, { timeout: 5000 });
    expect(cards).toHaveLength(2);
    expect(screen.getByText(/2 payments settle everything\./)).toBeInTheDocument();
    // The plan says it is this event's, family by family, so its figures are not taken for a person's total.
    expect(screen.getByText(/settle this event\. A family pays or receives its members' balances in this event together/)).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Gleb Orlov');
    expect(cards[0]).toHaveTextContent('Whole family: Gleb Orlov, Вера Петрова');
    expect(cards[0]).toHaveTextContent('pays');
    expect(cards[0]).toHaveTextContent('Whole family: me, Boris Ivanov');
    expect(words(within(cards[0]!).getByTestId('transfer-amount').textContent)).toBe('2 200,00 ₽');
    expect(cards[0]).toHaveTextContent('You receive');
    expect(words(within(cards[1]!).getByTestId('transfer-amount').textContent)).toBe('1 300,50 ₽');
    expect(cards[1]).not.toHaveTextContent('You receive');
    expect(document.querySelector('[data-tour="settle-plan"]')).toContainElement(cards[0]!);
  });

  it('records a payback only once confirmed, then offers to undo it on the transactions tab', async () => {
    withPlan();
    const posted = recordPosts();
    const deleted: string[] = [];
    server.use(
      http.delete('/app/api/v1/operation/:id/', ({ params }) => {
        deleted.push(String(params.id));
        return json(anOperation({ id: Number(params.id), kind: 'payback', status: 'repaid', deleted: true }));
      }),
    );
    const { router } = renderApp(PATH);
    const [first] = await screen.findAllByTestId('transfer', {}, { timeout: 5000 });
    // Gleb pays me: my side of it, in my words.
    await userEvent.click(within(first!).getByRole('button', { name: 'Record that Gleb Orlov paid me' }));
    expect(posted).toHaveLength(0);
    const confirm = within(first!).getByTestId('payback-confirm');
    expect(within(confirm).getByRole('textbox', { name: 'Amount paid back' })).toHaveValue('2200.00');
    expect(confirm).toHaveTextContent('The whole debt is 2 200,00 ₽; a part payment is fine too.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(first!).queryByTestId('payback-confirm')).toBeNull();
    expect(posted).toHaveLength(0);

    await userEvent.click(within(first!).getByRole('button', { name: 'Record that Gleb Orlov paid me' }));
    await userEvent.click(within(first!).getByRole('button', { name: 'Record payback' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({
      event_id: EVENT_ID,
      details: { kind: 'payback', amount: 2200, currency: 'RUB', description: '', payer: GLEB },
      participants: [{ uid: ME }],
    });
    expect(posted[0]!.key).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}/transactions`));
    const toast = await screen.findByTestId('recorded-toast');
    expect(toast).toHaveTextContent('Operation recorded');
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(screen.queryByTestId('recorded-toast')).toBeNull();
  });

  it('says each side in its own words, in Russian with the person’s gender', async () => {
    withPlan([
      { from: ME, to: BORIS, from_family: 1, to_family: 2, amount: 100, currency: 'RUB' },
      { from: VERA, to: ME, from_family: 2, to_family: 1, amount: 100, currency: 'RUB' },
      { from: GLEB, to: BORIS, from_family: 2, to_family: 1, amount: 100, currency: 'RUB' },
    ]);
    renderApp(PATH, { language: 'ru' });
    const cards = await screen.findAllByTestId('transfer', {}, { timeout: 5000 });
    expect(within(cards[0]!).getByTestId('payback')).toHaveTextContent('Я вернула долг');
    expect(within(cards[1]!).getByTestId('payback')).toHaveTextContent('Вера Петрова вернула мне долг');
    expect(within(cards[2]!).getByTestId('payback')).toHaveTextContent('Записать возврат');
  });

  it('takes a part payment in the confirmation, with the money rules', async () => {
    withPlan();
    const posted = recordPosts();
    renderApp(PATH);
    const cards = await screen.findAllByTestId('transfer', {}, { timeout: 5000 });
    const card = cards[1]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Payback' }));
    const input = within(card).getByRole('textbox', { name: 'Amount paid back' });
    expect(input).toHaveValue('1300.50');
    expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.click(within(card).getByRole('button', { name: 'Record payback' }));
    expect(within(card).getByText('Required field')).toBeInTheDocument();
    await userEvent.type(input, '1,300');
    await userEvent.click(within(card).getByRole('button', { name: 'Record payback' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Did you mean 1300?');
    expect(posted).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, '500,25{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ details: { kind: 'payback', amount: 500.25, currency: 'RUB', payer: VERA }, participants: [{ uid: BORIS }] });
  });

  it('pays the exact plan in the event currency when the screen shows converted amounts', async () => {
    signedInWithEvent(anEvent({ currency: 'EUR', approximate: true }));
    server.use(
      http.get('/app/api/v1/event/:id/payout/', ({ request }) =>
        new URL(request.url).searchParams.get('currency') === 'EUR'
          ? json(payout([{ ...plan[0]!, amount: 21.45, currency: 'EUR' }], { currency: 'EUR', approximate: true }))
          : json(payout([plan[0]!])),
      ),
    );
    const posted = recordPosts();
    const { store } = renderApp(PATH);
    await screen.findAllByTestId('transfer', {}, { timeout: 5000 });
    store.dispatch({ type: 'events/displayModeSet', payload: { id: EVENT_ID, mode: { kind: 'currency', currency: 'EUR' } } });
    await waitFor(() => expect(words(screen.getByTestId('transfer-amount').textContent)).toBe('≈21,45 €'));
    await userEvent.click(screen.getByTestId('payback'));
    await userEvent.click(screen.getByRole('button', { name: 'Record payback' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body.details).toMatchObject({ amount: 2200, currency: 'RUB', payer: GLEB });
  });

  it('says when everyone is settled up', async () => {
    withPlan([]);
    renderApp(PATH, { language: 'ru' });
    expect(await screen.findByTestId('settled', {}, { timeout: 5000 })).toHaveTextContent('Все в расчёте.');
  });

  it('shows an error with Retry', async () => {
    withPlan();
    let fail = true;
    server.use(
      http.get('/app/api/v1/event/:id/payout/', () => (fail ? HttpResponse.json({ error: 'x', code: 'internal' }, { status: 500 }) : json(payout(plan)))),
    );
    renderApp(PATH);
    expect(await screen.findByText('The settle-up plan could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('transfer')).toHaveLength(2);
  });

  it('toggles to the plain who-owes-whom view and pays a debt from it', async () => {
    withPlan();
    const asked: (string | null)[] = [];
    server.use(
      http.get('/app/api/v1/operation/debts/', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('event'));
        return json(
          debtsResponse.parse({
            event_id: EVENT_ID,
            currency: 'RUB',
            approximate: false,
            debts: [
              { from: VERA, to: ME, amount: 1000 },
              { from: GLEB, to: ME, amount: 1200.5 },
            ],
          }),
        );
      }),
    );
    const posted = recordPosts();
    renderApp(PATH);
    await screen.findAllByTestId('transfer', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('radio', { name: 'Who owes whom' }));
    const list = await screen.findByTestId('plain-debts');
    const debts = within(list).getAllByTestId('transfer');
    expect(debts.map((d) => [d.getAttribute('data-from'), d.getAttribute('data-to'), words(within(d).getByTestId('transfer-amount').textContent)])).toEqual([
      [String(VERA), String(ME), '1 000,00 ₽'],
      [String(GLEB), String(ME), '1 200,50 ₽'],
    ]);
    expect(asked).toEqual([String(EVENT_ID)]);
    await userEvent.click(within(debts[1]!).getByRole('button', { name: 'Record that Gleb Orlov paid me' }));
    await userEvent.click(within(debts[1]!).getByRole('button', { name: 'Record payback' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ details: { kind: 'payback', amount: 1200.5, payer: GLEB }, participants: [{ uid: ME }] });
  });

  it('says when the plain view cannot be loaded, with Retry', async () => {
    withPlan();
    let fail = true;
    server.use(
      http.get('/app/api/v1/operation/debts/', () =>
        fail
          ? HttpResponse.json({ error: 'x', code: 'internal' }, { status: 500 })
          : json(debtsResponse.parse({ event_id: EVENT_ID, currency: 'RUB', approximate: false, debts: [] })),
      ),
    );
    renderApp(PATH);
    await screen.findAllByTestId('transfer', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('radio', { name: 'Who owes whom' }));
    expect(await screen.findByText('Who owes whom could not be worked out.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('settled')).toBeInTheDocument();
  });
});
