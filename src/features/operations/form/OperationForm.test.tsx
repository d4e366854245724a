import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOperationBody, type CreateOperationBody } from '@common/contract/operations';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { anEvent, anOperation, BORIS, EVENT_ID, GLEB, json, ME, signedInWithEvent, stubIntersectionObserver, user, VERA } from '../test-fixtures';

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  io = stubIntersectionObserver();
});
afterEach(() => io.restore());

interface Posted {
  body: CreateOperationBody;
  key: string | null;
}

/** Answers POST /operation/ with a recorded operation and keeps what was sent. */
function recordPosts(): Posted[] {
  const posted: Posted[] = [];
  server.use(
    http.post('/app/api/v1/operation/', async ({ request }) => {
      const body = createOperationBody.parse(await request.json());
      posted.push({ body, key: request.headers.get('Idempotency-Key') });
      return json(anOperation({ kind: body.details.kind, details: { description: body.details.description } }));
    }),
  );
  return posted;
}

async function openForm(path = `/events/${EVENT_ID}/transactions`, language: 'en' | 'ru' = 'en', event = anEvent()) {
  signedInWithEvent(event, []);
  const app = renderApp(path, { language });
  await userEvent.click(await screen.findByTestId('add-operation'));
  const dialog = await screen.findByRole('dialog', { name: language === 'en' ? 'New operation' : 'Новая операция' });
  return { ...app, dialog };
}

const save = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: /^(Save|Сохранить)$/ }));
const kind = (dialog: HTMLElement, name: string) => userEvent.click(within(dialog).getByRole('radio', { name }));
const amount = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^(Amount|Сумма)$/ });
const person = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name });

describe('the kinds in Russian', () => {
  it('speak in the user’s own gender, and neutrally when it is not known', async () => {
    const { dialog, unmount } = await openForm(undefined, 'ru');
    expect(within(dialog).getByRole('radio', { name: 'Я купила им' })).toBeInTheDocument();
    await kind(dialog, 'Я дала в долг');
    expect(within(dialog).getByText('Я дала денег в долг; заёмщики должны их вернуть.')).toBeInTheDocument();
    unmount();

    signedInWithEvent(anEvent(), []);
    server.use(http.get('/app/api/v1/user/me/', () => json({ ...user, gender: null })));
    renderApp(`/events/${EVENT_ID}/transactions`, { language: 'ru' });
    await userEvent.click(await screen.findByTestId('add-operation'));
    const neutral = await screen.findByRole('dialog', { name: 'Новая операция' });
    expect(within(neutral).getByRole('radio', { name: 'Я дал(а) в долг' })).toBeInTheDocument();
    expect(within(neutral).getByRole('radio', { name: 'Я купил(а) им' })).toBeInTheDocument();
  });
});

describe('the operation form', () => {
  it("offers all eight kinds and starts with an even purchase in the event's currency, paid by me, for everyone", async () => {
    const { dialog } = await openForm(undefined, 'en', anEvent({ eventCurrency: 'EUR', currency: 'EUR' }));
    const kinds = within(dialog)
      .getAllByRole('radio')
      .map((r) => r.closest('label')!.textContent);
    expect(kinds).toEqual(['Even purchase', 'Split purchase', 'I purchased them', 'I lent them', 'They lent me', 'Deposit', 'Payback', 'Comment']);
    expect(within(dialog).getByRole('radio', { name: 'Even purchase' })).toBeChecked();
    // A euro event starts in euros though my own currency is the rouble (decision 0063).
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR · Euro');
    await userEvent.type(amount(dialog), '1000');
    expect(within(dialog).queryByTestId('converted-hint')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Who paid')).toHaveDisplayValue('me');
    for (const name of ['me', 'Boris Ivanov', 'Вера Петрова', 'Gleb Orlov']) expect(person(dialog, name)).toBeChecked();
  });

  it('fills the total from what several payers paid, so Save needs no total typed', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Several people paid' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount paid by me' }), '30');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount paid by Boris Ivanov' }), '20,5');
    expect(amount(dialog)).toHaveValue('50.5');
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body.details).toMatchObject({
      amount: 50.5,
      payers: [
        { uid: ME, amount: 30 },
        { uid: BORIS, amount: 20.5 },
      ],
    });
  });

  it('starts in the currency of the last operation I wrote in the event, not one someone else used', async () => {
    const mine = anOperation({ id: 801, details: { author: ME, currency: 'EUR', original_currency: 'USD', original_amount: 12 } });
    const borisNewer = anOperation({ id: 802, details: { author: BORIS, payer: BORIS, original_currency: 'GBP' } });
    signedInWithEvent(anEvent({ eventCurrency: 'EUR', currency: 'EUR' }), [borisNewer, mine]);
    renderApp(`/events/${EVENT_ID}/transactions`);
    await screen.findByText(mine.details.description);
    await userEvent.click(await screen.findByTestId('add-operation'));
    const dialog = await screen.findByRole('dialog', { name: 'New operation' });
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveValue('USD · US dollar');
    await userEvent.type(amount(dialog), '10');
    expect(within(dialog).getByTestId('converted-hint')).toHaveTextContent(/€|EUR/);
  });

  it('asks for the answer in the display currency the feed shows (POST /operation/?currency=, §7)', async () => {
    const urls: string[] = [];
    server.use(
      http.post('/app/api/v1/operation/', async ({ request }) => {
        urls.push(new URL(request.url).search);
        const body = createOperationBody.parse(await request.json());
        return json(anOperation({ kind: body.details.kind }));
      }),
    );
    signedInWithEvent(anEvent(), []);
    renderApp(`/events/${EVENT_ID}/transactions`);
    await userEvent.selectOptions(await screen.findByTestId('display-currency'), 'USD');
    await userEvent.click(await screen.findByTestId('add-operation'));
    const dialog = await screen.findByRole('dialog', { name: 'New operation' });
    await userEvent.type(amount(dialog), '10');
    await save(dialog);
    await waitFor(() => expect(urls).toEqual(['?currency=USD']));
  });

  it("shows each other person's event balance as money under a 'balance' caption beside their name, and none beside mine (§9 modes)", async () => {
    const { dialog } = await openForm(undefined, 'en', anEvent({}, { [ME]: 100, [BORIS]: -250.5, [VERA]: 150.5, [GLEB]: 0 }));
    const rowOf = (name: string) => person(dialog, name).closest('label')!.parentElement!;
    expect(within(rowOf('Boris Ivanov')).getByTestId('balance-money').textContent?.replace(/\s/g, ' ')).toBe('-250,50 ₽');
    expect(within(rowOf('Вера Петрова')).getByTestId('balance-money').textContent?.replace(/\s/g, ' ')).toBe('+150,50 ₽');
    expect(within(rowOf('me')).queryByTestId('balance-money')).not.toBeInTheDocument();
    // Captioned, so beside a split part it does not read as another part.
    expect(within(rowOf('Boris Ivanov')).getByTestId('pick-balance').textContent?.replace(/\s/g, ' ')).toBe('balance -250,50 ₽');
    // Money alone: no 'owes' / 'is owed' words in the picker.
    expect(within(rowOf('Boris Ivanov')).queryByText(/owes|owed/)).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'error in addTransaction action'],
    ['ru', 'ошибка при добавлении операции'],
  ] as const)("says '%s' when saving gets no answer, keeping the form", async (language, text) => {
    server.use(http.post('/app/api/v1/operation/', () => HttpResponse.error()));
    const { dialog } = await openForm(undefined, language);
    await userEvent.type(amount(dialog), '10');
    await save(dialog);
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(amount(dialog)).toHaveValue('10');
  });

  it('records an even purchase with a comma amount, an Idempotency-Key, and goes to the transactions tab', async () => {
    const posted = recordPosts();
    const { dialog, router } = await openForm(`/events/${EVENT_ID}`);
    await userEvent.type(amount(dialog), '5000,5');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Groceries');
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({
      event_id: EVENT_ID,
      details: { kind: 'even_purchase', amount: 5000.5, currency: 'RUB', description: 'Groceries', payer: ME },
      participants: [{ uid: ME }, { uid: BORIS }, { uid: VERA }, { uid: GLEB }],
    });
    expect(posted[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}/transactions`));
    expect(screen.queryByRole('dialog', { name: 'New operation' })).not.toBeInTheDocument();
  });

  it('shows every message of §5 on Save and sends nothing until they are fixed', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    await save(dialog);
    expect(within(dialog).getByText('Required field')).toBeInTheDocument();
    await userEvent.type(amount(dialog), '0');
    expect(within(dialog).getByText('amount must be above the minimum')).toBeInTheDocument();
    await userEvent.clear(amount(dialog));
    await userEvent.type(amount(dialog), '100');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Everyone' }));
    expect(within(dialog).getByText('an operation needs two or more participants')).toBeInTheDocument();
    // Only me, and I paid: still one person.
    await userEvent.click(person(dialog, 'me'));
    expect(within(dialog).getByText('an operation needs two or more participants')).toBeInTheDocument();
    await userEvent.click(person(dialog, 'Gleb Orlov'));
    expect(within(dialog).queryByText('an operation needs two or more participants')).not.toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body.participants).toEqual([{ uid: ME }, { uid: GLEB }]);
  });

  it('adds and removes a whole family with its row', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    const families = within(dialog).getAllByTestId('picker-family');
    expect(families).toHaveLength(2);
    await userEvent.click(within(families[1]!).getByRole('checkbox', { name: 'Whole family' }));
    expect(person(dialog, 'Вера Петрова')).not.toBeChecked();
    expect(person(dialog, 'Gleb Orlov')).not.toBeChecked();
    await userEvent.click(person(dialog, 'Gleb Orlov'));
    expect(within(families[1]!).getByRole('checkbox', { name: 'Whole family' })).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(within(families[1]!).getByRole('checkbox', { name: 'Whole family' }));
    expect(person(dialog, 'Вера Петрова')).toBeChecked();
    await userEvent.click(within(families[0]!).getByRole('checkbox', { name: 'Whole family' }));
    await userEvent.type(amount(dialog), '10');
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body.participants).toEqual([{ uid: VERA }, { uid: GLEB }]);
  });

  it('shows the split purchase remainder live and refuses a negative one at once', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    await kind(dialog, 'Split purchase');
    await userEvent.selectOptions(within(dialog).getByLabelText('Who paid'), 'Вера Петрова');
    await userEvent.type(amount(dialog), '3000');
    expect(within(dialog).getByTestId('remainder')).toHaveTextContent('Left to split equally: 3 000,00 ₽ among 4 people');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part of me' }), '1000');
    expect(within(dialog).getByTestId('remainder')).toHaveTextContent('Left to split equally: 2 000,00 ₽ among 3 people');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part of Boris Ivanov' }), '2500');
    expect(within(dialog).getByTestId('remainder')).toHaveTextContent('Left to split equally: -500,00 ₽ among 2 people');
    expect(within(dialog).getByText('sum remainder must not be negative')).toBeInTheDocument();
    await save(dialog);
    expect(posted).toHaveLength(0);

    await userEvent.click(person(dialog, 'Boris Ivanov'));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part of Вера Петрова' }), '1000');
    expect(within(dialog).getByTestId('remainder')).toHaveTextContent('Left to split equally: 1 000,00 ₽ for 1 person');
    expect(within(dialog).queryByText('sum remainder must not be negative')).not.toBeInTheDocument();
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({
      details: { kind: 'split_purchase', amount: 3000, payer: VERA },
      participants: [{ uid: ME, amount: 1000 }, { uid: VERA, amount: 1000 }, { uid: GLEB }],
    });
  });

  it('refuses parts that leave money nobody carries', async () => {
    const { dialog } = await openForm();
    await kind(dialog, 'Split purchase');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Everyone' }));
    await userEvent.click(person(dialog, 'me'));
    await userEvent.click(person(dialog, 'Boris Ivanov'));
    await userEvent.type(amount(dialog), '100');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part of me' }), '60');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part of Boris Ivanov' }), '30');
    await save(dialog);
    expect(within(dialog).getByText('the parts must add up to the amount')).toBeInTheDocument();
  });

  it('records "i purchased them" for the others only', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    await kind(dialog, 'I purchased them');
    expect(within(dialog).queryByRole('checkbox', { name: 'me' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Who paid')).not.toBeInTheDocument();
    await userEvent.click(person(dialog, 'Boris Ivanov'));
    await userEvent.type(amount(dialog), '1200');
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body.details.payer).toBeUndefined();
    expect(posted[0]!.body.participants).toEqual([{ uid: VERA }, { uid: GLEB }]);
  });

  it('asks whom I lent to', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    await kind(dialog, 'I lent them');
    await userEvent.type(amount(dialog), '700');
    await save(dialog);
    expect(within(dialog).getByText('an operation needs two or more participants')).toBeInTheDocument();
    await userEvent.click(person(dialog, 'Boris Ivanov'));
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ details: { kind: 'i_lent_them', amount: 700 }, participants: [{ uid: BORIS }] });
  });

  it('asks who lent me, never me', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    await kind(dialog, 'They lent me');
    await userEvent.type(amount(dialog), '400');
    await save(dialog);
    expect(within(dialog).getByText('sender or recipient required')).toBeInTheDocument();
    const lender = within(dialog).getByLabelText('Who lent you');
    expect(within(lender).queryByRole('option', { name: 'me' })).not.toBeInTheDocument();
    await userEvent.selectOptions(lender, 'Boris Ivanov');
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ details: { kind: 'they_lent_me', amount: 400, payer: BORIS }, participants: [] });
  });

  it('records a deposit received by someone for the chosen people', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    await kind(dialog, 'Deposit');
    await userEvent.selectOptions(within(dialog).getByLabelText('Who received the money'), 'Вера Петрова');
    await userEvent.type(amount(dialog), '1000');
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ details: { kind: 'deposit', amount: 1000, payer: VERA } });
    expect(posted[0]!.body.participants).toHaveLength(4);
  });

  it('needs a payback’s sender and recipient, and two different people', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    await kind(dialog, 'Payback');
    await userEvent.type(amount(dialog), '250,5');
    await userEvent.selectOptions(within(dialog).getByLabelText('Who pays back'), '');
    await save(dialog);
    expect(within(dialog).getAllByText('sender or recipient required')).toHaveLength(2);
    await userEvent.selectOptions(within(dialog).getByLabelText('Who pays back'), 'Boris Ivanov');
    await userEvent.selectOptions(within(dialog).getByLabelText('Who gets the money'), 'Boris Ivanov');
    expect(within(dialog).getByText('sender and recipient must differ')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Who gets the money'), 'me');
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ details: { kind: 'payback', amount: 250.5, payer: BORIS }, participants: [{ uid: ME }] });
  });

  it('records a comment as text only', async () => {
    const posted = recordPosts();
    const { dialog } = await openForm();
    await kind(dialog, 'Comment');
    expect(within(dialog).queryByRole('textbox', { name: 'Amount' })).not.toBeInTheDocument();
    await save(dialog);
    expect(within(dialog).getByText('Required field')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Who drives on Saturday?');
    await save(dialog);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ details: { kind: 'comment', text: 'Who drives on Saturday?' }, participants: [] });
  });

  it('sends a retried submit with the same Idempotency-Key, and a changed one with a new key', async () => {
    const keys: (string | null)[] = [];
    let answer: 'network' | 'ok' = 'network';
    server.use(
      http.post('/app/api/v1/operation/', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return answer === 'network' ? HttpResponse.error() : json(anOperation());
      }),
    );
    const { dialog, router } = await openForm();
    await userEvent.type(amount(dialog), '100');
    await save(dialog);
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await save(dialog);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    await userEvent.type(amount(dialog), '5');
    answer = 'ok';
    await save(dialog);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}/transactions`));
  });

  it('shows a server refusal beside the field it concerns', async () => {
    server.use(
      http.post('/app/api/v1/operation/', () =>
        HttpResponse.json(
          { error: 'everyone in the operation must be a participant of the event', code: 'participant_not_in_event', field: 'participants' },
          { status: 400 },
        ),
      ),
    );
    const { dialog } = await openForm();
    await userEvent.type(amount(dialog), '100');
    await save(dialog);
    expect(await within(dialog).findByText('everyone in the operation must be a participant of the event')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New operation' })).toBeInTheDocument();
  });

  it('hints the amount in the event currency when another currency is chosen', async () => {
    const { dialog } = await openForm();
    await userEvent.type(amount(dialog), '10');
    const currency = within(dialog).getByRole('combobox', { name: 'Currency' });
    await userEvent.click(currency);
    await userEvent.click(within(dialog).getByRole('option', { name: /EUR/ }));
    // The test currency list: 1 € = 98.5 ₽.
    expect(within(dialog).getByTestId('converted-hint')).toHaveTextContent('≈ 985,00 ₽ in the event currency');
  });

  it('speaks Russian with the specification’s messages', async () => {
    const { dialog } = await openForm(undefined, 'ru');
    await kind(dialog, 'Возврат долга');
    await userEvent.type(amount(dialog), '10');
    await userEvent.selectOptions(within(dialog).getByLabelText('Кто получает деньги'), 'я');
    await save(dialog);
    expect(within(dialog).getByText('отправитель и получатель должны различаться')).toBeInTheDocument();
    await kind(dialog, 'Покупка поровну');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Все' }));
    await save(dialog);
    expect(within(dialog).getByText('в операции должно быть не меньше двух участников')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox', { name: 'Вся семья' })).toHaveLength(2);
  });
});

describe('an amount typed with a thousands separator', () => {
  for (const language of ['en', 'ru'] as const) {
    it(`is never saved as a thousandth of itself: 3,000 is asked about at once and kept whole (${language})`, async () => {
      const posted = recordPosts();
      const { dialog } = await openForm(undefined, language);
      await userEvent.type(amount(dialog), '3,000');
      expect(amount(dialog)).toHaveValue('3,000');
      expect(amount(dialog)).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByText(language === 'en' ? /^Did you mean 3000\?/ : /^Вы имели в виду 3000\?/)).toBeInTheDocument();
      expect(within(dialog).queryByTestId('amount-echo')).toBeNull();
      await save(dialog);
      expect(posted).toEqual([]);

      await userEvent.clear(amount(dialog));
      await userEvent.type(amount(dialog), '3000');
      expect(within(dialog).getByTestId('amount-echo')).toHaveTextContent(language === 'en' ? 'Will be saved as 3 000,00 ₽' : 'Будет записано: 3 000,00 ₽');
      await save(dialog);
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]!.body.details).toMatchObject({ amount: 3000, currency: 'RUB' });
      // Any recorded operation can be taken back for a few seconds.
      expect(await screen.findByTestId('recorded-toast')).toHaveTextContent(language === 'en' ? 'Operation recordedUndo' : 'Операция записанаОтменить');
    });
  }

  it('is asked about in a split part too, while typing', async () => {
    const { dialog } = await openForm();
    await kind(dialog, 'Split purchase');
    await userEvent.type(amount(dialog), '5000');
    const part = within(dialog).getByRole('textbox', { name: /Boris Ivanov/ });
    await userEvent.type(part, '1,500');
    expect(within(dialog).getByText(/^Did you mean 1500\?/)).toBeInTheDocument();
  });
});
