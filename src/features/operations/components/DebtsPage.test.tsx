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
    expect(words(within(cards[0]!).getByTestId('transfer-amount').textContent)).toBe('RUB 2 200,00');
    expect(cards[0]).toHaveTextContent('You receive');
    expect(words(within(cards[1]!).getByTestId('transfer-amount').textContent)).toBe('RUB 1 300,50');
    expect(cards[1]).not.toHaveTextContent('You receive');
    expect(document.querySelector('[data-tour="settle-plan"]')).toContainElement(cards[0]!);
  });

  it('records a transfer as a payback in one click and goes to the transactions tab', async () => {
    withPlan();
    const posted = recordPosts();
    const { router } = renderApp(PATH);
    const [first] = await screen.findAllByTestId('transfer', {}, { timeout: 5000 });
    await userEvent.click(within(first!).getByRole('button', { name: 'Payback' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({
      event_id: EVENT_ID,
      details: { kind: 'payback', amount: 2200, currency: 'RUB', description: '', payer: GLEB },
      participants: [{ uid: ME }],
    });
    expect(posted[0]!.key).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}/transactions`));
  });

  it('lets the amount be changed first for a partial payback, with the money rules', async () => {
    withPlan();
    const posted = recordPosts();
    renderApp(PATH);
    const cards = await screen.findAllByTestId('transfer', {}, { timeout: 5000 });
    const card = cards[1]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Change the amount' }));
    const input = within(card).getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('1300.50');
    await userEvent.clear(input);
    await userEvent.click(within(card).getByRole('button', { name: 'Payback' }));
    expect(within(card).getByText('Required field')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await userEvent.type(input, '500,25');
    await userEvent.click(within(card).getByRole('button', { name: 'Payback' }));
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
    await waitFor(() => expect(words(screen.getByTestId('transfer-amount').textContent)).toBe('≈EUR 21,45'));
    await userEvent.click(screen.getByRole('button', { name: 'Payback' }));
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
    server.use(http.get('/app/api/v1/event/:id/payout/', () => (fail ? HttpResponse.json({ error: 'x', code: 'internal' }, { status: 500 }) : json(payout(plan)))));
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
      [String(VERA), String(ME), 'RUB 1 000,00'],
      [String(GLEB), String(ME), 'RUB 1 200,50'],
    ]);
    expect(asked).toEqual([String(EVENT_ID)]);
    await userEvent.click(within(debts[1]!).getByRole('button', { name: 'Payback' }));
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
