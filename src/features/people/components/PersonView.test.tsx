import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { addContactsBody } from '@common/contract/contacts';
import { createOperationBody, type CreateOperationBody } from '@common/contract/operations';
import { paybackRequestBody, type PaybackRequest, type PersonResponse } from '@common/contract/people';
import { aContactList, errorBody } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { aDialogue, anOperationIn, aPerson, aPersonResponse, json, ME, signedIn, user } from '../test-fixtures';

const words = (el: Element | null) => (el?.textContent ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

const BORIS = aPerson(8, 'Boris Ivanov', {
  balance: [
    { balance: 30, currency: 'EUR' },
    { balance: -500, currency: 'RUB' },
  ],
  balances: [
    { balance: 30, currency: 'EUR' },
    { balance: -500, currency: 'RUB' },
  ],
});
const EVENTS = [
  { id: 5, event_name: 'Paris', is_dialogue: false, eventCurrency: 'EUR', balance: 30, currency: 'EUR', approximate: false },
  { id: 31, event_name: '', is_dialogue: true, eventCurrency: 'RUB', balance: -500, currency: 'RUB', approximate: false },
];

function aRequest(overrides: Partial<PaybackRequest> = {}): PaybackRequest {
  return {
    id: 900,
    event_id: 31,
    from: ME,
    to: 8,
    amounts: [{ amount: 30, currency: 'EUR' }],
    paid: [],
    settled: false,
    created: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function withPerson(response: PersonResponse | (() => PersonResponse)) {
  const calls: (string | null)[] = [];
  server.use(
    http.get('/app/api/v1/event/people/8/', ({ request }) => {
      calls.push(new URL(request.url).searchParams.get('currency'));
      return json(typeof response === 'function' ? response() : response);
    }),
  );
  return calls;
}

describe('the person pane', () => {
  it('shows the balance, the shared events with our balance in each, the dialogue and the requests', async () => {
    signedIn([BORIS]);
    withPerson(
      aPersonResponse(BORIS, {
        events: EVENTS,
        dialogue_id: 31,
        payback_requests: [
          aRequest(),
          aRequest({ id: 899, from: 8, to: ME, amounts: [{ amount: 100, currency: 'RUB' }], paid: [{ amount: 100, currency: 'RUB' }], settled: true }),
        ],
      }),
    );
    renderApp('/people/8');
    const pane = await screen.findByTestId('person', {}, { timeout: 5000 });
    expect(within(pane).getByRole('heading', { name: 'Boris Ivanov' })).toBeInTheDocument();
    expect(words(within(pane).getByTestId('person-balance'))).toBe('owes you 30,00 €; you owe 500,00 ₽');
    expect(within(pane).getByTestId('person-balance-scope')).toHaveTextContent('Over all shared events and dialogues; each event below on its own');
    expect(within(pane).getByTestId('shared-event-5')).toHaveAttribute('href', '/events/5/transactions');
    const paris = within(pane).getByTestId('shared-event-5');
    expect(paris).toHaveTextContent(/^Paris/);
    expect(words(paris.querySelector('[data-balance]'))).toBe('owes you 30,00 €');
    const dialogue = within(pane).getByTestId('shared-event-31');
    expect(dialogue).toHaveTextContent(/^Boris Ivanov/);
    expect(within(dialogue).getByText('dialogue')).toBeInTheDocument();
    expect(words(dialogue.querySelector('[data-balance]'))).toBe('you owe 500,00 ₽');
    expect(within(pane).getByTestId('dialogue-link')).toHaveAttribute('href', '/events/31/transactions');
    const mine = within(pane).getByTestId('payback-request-900');
    expect(words(mine)).toContain('You asked Boris Ivanov for 30,00 €');
    expect(within(mine).getByTestId('request-status')).toHaveTextContent('not settled');
    const theirs = within(pane).getByTestId('payback-request-899');
    expect(words(theirs)).toContain('Boris Ivanov asked you for 100,00 ₽');
    expect(within(theirs).getByTestId('request-status')).toHaveTextContent('settled');
    expect(theirs).toHaveAttribute('data-settled', 'true');
    // The list is there beside it on a desktop, with this person marked.
    expect(await screen.findByTestId('person-link-8')).toHaveAttribute('aria-current', 'page');
  });

  it('sends a payback request and shows it', async () => {
    signedIn([BORIS]);
    let sent = false;
    const posted: unknown[] = [];
    withPerson(() => aPersonResponse(BORIS, { events: EVENTS, dialogue_id: sent ? 31 : null, payback_requests: sent ? [aRequest()] : [] }));
    server.use(
      http.post('/app/api/v1/event/people/8/', async ({ request }) => {
        posted.push(paybackRequestBody.parse(await request.json()));
        sent = true;
        return json({ ...aRequest(), dialogue_created: true }, { status: 201 });
      }),
    );
    renderApp('/people/8');
    const button = await screen.findByRole('button', { name: 'Request payback' }, { timeout: 5000 });
    expect(screen.getByText('No dialogue yet: it starts with the first operation or payback request.')).toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByText('The payback request was sent.')).toBeInTheDocument();
    expect(posted).toEqual([{ details: 'Payback' }]);
    expect(await screen.findByTestId('payback-request-900')).toHaveTextContent('not settled');
    expect(screen.getByTestId('dialogue-link')).toHaveAttribute('href', '/events/31/transactions');
    // Asked for exactly what is owed: a second click would say nothing new, so there is none to make.
    expect(screen.getByTestId('request-payback')).toHaveTextContent('Payback requested');
    expect(screen.getByTestId('request-payback')).toBeDisabled();
    expect(screen.getByText('Your request for this amount has been sent. You can ask again when the debt changes.')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  it('lets me ask again once the debt has changed since the open request, in Russian too', async () => {
    signedIn([BORIS]);
    withPerson(aPersonResponse(BORIS, { events: EVENTS, dialogue_id: 31, payback_requests: [aRequest({ amounts: [{ amount: 20, currency: 'EUR' }] })] }));
    renderApp('/people/8', { language: 'ru' });
    const button = await screen.findByTestId('request-payback', {}, { timeout: 5000 });
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent('Попросить вернуть долг');
  });

  it('cannot request anything from someone who owes me nothing, and shows the server refusal', async () => {
    const owing = aPerson(8, 'Boris Ivanov', { balance: [{ balance: -500, currency: 'RUB' }], balances: [{ balance: -500, currency: 'RUB' }] });
    signedIn([owing]);
    withPerson(aPersonResponse(owing));
    renderApp('/people/8');
    expect(await screen.findByRole('button', { name: 'Request payback' }, { timeout: 5000 })).toBeDisabled();
    expect(screen.getByText('They owe you nothing, so there is nothing to request.')).toBeInTheDocument();
  });

  it('shows why a request was refused', async () => {
    signedIn([BORIS]);
    withPerson(aPersonResponse(BORIS));
    server.use(http.post('/app/api/v1/event/people/8/', () => errorBody('nothing_to_request', 400)));
    renderApp('/people/8');
    await userEvent.click(await screen.findByRole('button', { name: 'Request payback' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This person owes you nothing');
  });

  it('records the exact paybacks per shared event, in each event currency, after confirming', async () => {
    signedIn([BORIS]);
    let recorded = false;
    const calls = withPerson(() =>
      recorded
        ? aPersonResponse(aPerson(8, 'Boris Ivanov'), {
            events: EVENTS.map((e) => ({ ...e, balance: 0 })),
            dialogue_id: 31,
            payback_requests: [aRequest({ paid: [{ amount: 30, currency: 'EUR' }], settled: true })],
          })
        : aPersonResponse(BORIS, { events: EVENTS, dialogue_id: 31, payback_requests: [aRequest()] }),
    );
    const posted: CreateOperationBody[] = [];
    server.use(
      http.post('/app/api/v1/operation/', async ({ request }) => {
        const body = createOperationBody.parse(await request.json());
        posted.push(body);
        if (posted.length === 2) recorded = true;
        return json(anOperationIn(body.event_id, 'payback', body.details.amount ?? 0), { status: 201 });
      }),
      http.get('/app/api/v1/event/5/', () => json({ ...aDialogue(5, 8), quasi_event_name: null, event_name: 'Paris', eventCurrency: 'EUR', currency: 'EUR' })),
      http.get('/app/api/v1/event/31/', () => json(aDialogue(31, 8))),
    );
    renderApp('/people/8');
    await userEvent.click(await screen.findByRole('button', { name: 'Record payback' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payback?' });
    expect(words(dialog)).toContain('Boris Ivanov paid you back 30,00 €. You paid Boris Ivanov back 500,00 ₽.');
    expect(posted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([
      { event_id: 5, details: { kind: 'payback', amount: 30, currency: 'EUR', description: '', payer: 8 }, participants: [{ uid: ME }] },
      { event_id: 31, details: { kind: 'payback', amount: 500, currency: 'RUB', description: '', payer: ME }, participants: [{ uid: 8 }] },
    ]);
    expect(await screen.findByText('The payback was recorded.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('payback-request-900')).getByTestId('request-status')).toHaveTextContent(/^settled$/));
    expect(words(screen.getByTestId('person-balance'))).toBe('settled up');
    expect(screen.queryByRole('button', { name: 'Record payback' })).not.toBeInTheDocument();
    // The amounts came from a fresh unconverted read, not from what was on screen.
    expect(calls).toContain(null);
  });

  it('opens the recording at once when a payback request in a feed sent me here to pay', async () => {
    signedIn([BORIS]);
    withPerson(aPersonResponse(BORIS, { events: EVENTS, dialogue_id: 31, payback_requests: [aRequest()] }));
    server.use(
      http.get('/app/api/v1/event/5/', () => json({ ...aDialogue(5, 8), quasi_event_name: null, event_name: 'Paris', eventCurrency: 'EUR', currency: 'EUR' })),
      http.get('/app/api/v1/event/31/', () => json(aDialogue(31, 8))),
    );
    const { router } = renderApp('/people/8?record=1');
    const dialog = await screen.findByRole('dialog', { name: 'Record payback?' }, { timeout: 5000 });
    expect(words(dialog)).toContain('Boris Ivanov paid you back 30,00 €.');
    // Once: a reload or a back navigation does not ask again.
    expect(router.state.location.search).toBe('');
  });

  it('offers to add someone who is not in my contacts', async () => {
    const stranger = aPerson(8, 'Boris Ivanov', { is_contact_exists: false });
    signedIn([stranger]);
    withPerson(aPersonResponse(stranger, { events: [EVENTS[0]!] }));
    const added: unknown[] = [];
    server.use(
      http.post('/app/api/v1/user/contacts/', async ({ request }) => {
        added.push(addContactsBody.parse(await request.json()));
        return json(aContactList(user));
      }),
    );
    renderApp('/people/8');
    const notice = await screen.findByTestId('not-contact', {}, { timeout: 5000 });
    expect(notice).toHaveTextContent('Boris Ivanov is not in your contacts.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Add to contacts' }));
    await waitFor(() => expect(screen.queryByTestId('not-contact')).not.toBeInTheDocument());
    expect(added).toEqual([{ device: 'WEB', contacts: [{ name: 'Boris Ivanov', phone: stranger.phone }] }]);
  });

  it('says clearly when the person is unknown (404), and when the uid is not a number', async () => {
    signedIn([BORIS]);
    server.use(http.get('/app/api/v1/event/people/404/', () => errorBody('user_not_found', 404)));
    const { router } = renderApp('/people/404');
    expect(await screen.findByTestId('person-not-found', {}, { timeout: 5000 })).toHaveTextContent('There is no such person among your people.');
    await router.navigate('/people/abc');
    expect(await screen.findByTestId('person-not-found')).toHaveTextContent('There is no such person among your people.');
  });

  it('shows an error with Retry when the person cannot be loaded', async () => {
    signedIn([BORIS]);
    let fail = true;
    server.use(http.get('/app/api/v1/event/people/8/', () => (fail ? errorBody('internal', 500) : json(aPersonResponse(BORIS)))));
    renderApp('/people/8');
    const alert = await screen.findByText('This person could not be loaded.', {}, { timeout: 5000 });
    fail = false;
    await userEvent.click(within(alert.parentElement!).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('person')).toBeInTheDocument();
  });

  it('shows the balance converted into the display currency with the exact amounts under it', async () => {
    localStorage.setItem('display_currency', 'EUR');
    signedIn([BORIS]);
    const calls = withPerson(aPersonResponse({ ...BORIS, balance: 24.93 }, { currency: 'EUR', approximate: true }));
    renderApp('/people/8');
    const balance = await screen.findByTestId('person-balance', {}, { timeout: 5000 });
    expect(words(balance)).toBe('owes you ≈24,93 €');
    expect(words(screen.getByTestId('person-balances'))).toBe('owes you 30,00 €; you owe 500,00 ₽');
    expect(calls).toEqual(['EUR']);
  });
});

describe('a person known by name alone', () => {
  const CARL = aPerson(8, 'Carl Lind', {
    phone: '',
    is_registered: false,
    is_contact_exists: false,
    balance: [{ balance: 30, currency: 'EUR' }],
    balances: [{ balance: 30, currency: 'EUR' }],
  });

  it('offers the owner to give a phone, says why one is refused, and reads the person again once given', async () => {
    signedIn([]);
    let given: string | null = null;
    withPerson(() =>
      aPersonResponse(given ? { ...CARL, phone: given, is_contact_exists: true } : CARL, { events: [EVENTS[0]!], phone_givable: given === null }),
    );
    const sent: unknown[] = [];
    server.use(
      http.post('/app/api/v1/event/people/8/phone/', async ({ request }) => {
        const body = (await request.json()) as { phone: string };
        // As typed: the server reads the phone in whatever form it comes.
        sent.push(body.phone.replace(/[^+\d]/g, ''));
        if (body.phone.replace(/\D/g, '') === '79161112233') return errorBody('phone_in_use', 409, 'phone');
        given = body.phone;
        return json({ ...CARL, phone: body.phone, is_contact_exists: true, balance: [] });
      }),
    );
    renderApp('/people/8');
    const pane = await screen.findByTestId('person', {}, { timeout: 5000 });
    // No phone to add them by, and no account to read a payback request in.
    expect(within(pane).queryByTestId('not-contact')).not.toBeInTheDocument();
    expect(within(pane).queryByTestId('request-payback')).not.toBeInTheDocument();
    const form = within(pane).getByTestId('give-phone');
    expect(form).toHaveTextContent('Carl Lind is known by name only');
    const input = within(form).getByLabelText('Phone number');
    await userEvent.click(within(form).getByRole('button', { name: 'Give the phone number' }));
    expect(within(form).getByText('phone incorrect')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(input, '+79161112233');
    await userEvent.click(within(form).getByRole('button', { name: 'Give the phone number' }));
    expect(await within(form).findByText(/Someone already has this phone number in Dolya/, {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '+79164445566');
    await userEvent.click(within(form).getByRole('button', { name: 'Give the phone number' }));
    await waitFor(() => expect(within(pane).queryByTestId('give-phone')).not.toBeInTheDocument());
    expect(sent).toEqual(['+79161112233', '+79164445566']);
  });

  it('asks whether the person is the one who has the phone, and on a yes shows that person, read again everywhere', async () => {
    signedIn([]);
    withPerson(() => aPersonResponse(CARL, { events: [EVENTS[0]!], phone_givable: true }));
    const CARL_ACCOUNT = aPerson(9, 'Carl Lind', { phone: '+79161112233', balance: [{ balance: 30, currency: 'EUR' }] });
    server.use(http.get('/app/api/v1/event/people/9/', () => json(aPersonResponse(CARL_ACCOUNT, { events: [EVENTS[0]!] }))));
    const sent: unknown[] = [];
    let contactsRead = 0;
    server.use(
      http.post('/app/api/v1/event/people/8/phone/', async ({ request }) => {
        const body = (await request.json()) as { phone: string; merge?: boolean };
        sent.push(body);
        if (!body.merge) return errorBody('phone_in_use', 409, 'phone');
        return json({ ...CARL_ACCOUNT, is_contact_exists: true, balance: [] });
      }),
      http.get('/app/api/v1/user/contacts/', () => {
        contactsRead += 1;
        return json(aContactList(user));
      }),
    );
    renderApp('/people/8');
    const form = await screen.findByTestId('give-phone', {}, { timeout: 5000 });
    await userEvent.type(within(form).getByLabelText('Phone number'), '+79161112233');
    await userEvent.click(within(form).getByRole('button', { name: 'Give the phone number' }));
    const ask = await within(form).findByTestId('merge-ask', {}, { timeout: 5000 });
    expect(ask).toHaveTextContent('Is Carl Lind that person?');
    // Cancel leaves everything as it was; asking again and saying yes merges.
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(within(form).queryByTestId('merge-ask')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Give the phone number' }));
    const readsBefore = contactsRead;
    await userEvent.click(await within(form).findByRole('button', { name: 'Yes, the same person' }, { timeout: 5000 }));
    // The pane is person 9's now, the one who has the phone (person 8 had none).
    await waitFor(() => expect(screen.getByTestId('person')).toHaveTextContent('+7 916 111 22 33'), { timeout: 5000 });
    expect(screen.queryByTestId('give-phone')).not.toBeInTheDocument();
    expect(sent.map((b) => (b as { merge?: boolean }).merge ?? false)).toEqual([false, false, true]);
    expect(contactsRead).toBeGreaterThan(readsBefore);
  });
  it('shows the new person a phone went to when others know the one known by name too', async () => {
    signedIn([]);
    withPerson(() => aPersonResponse(CARL, { events: [EVENTS[0]!], phone_givable: true }));
    // The server keeps person 8 for the others' events and gives mine to a placeholder of the phone.
    const PLACEHOLDER = aPerson(10, 'Carl Lind', { phone: '+79164445566', is_registered: false });
    server.use(
      http.get('/app/api/v1/event/people/10/', () => json(aPersonResponse(PLACEHOLDER, { events: [EVENTS[0]!] }))),
      http.post('/app/api/v1/event/people/8/phone/', () => json({ ...PLACEHOLDER, is_contact_exists: true, balance: [] })),
    );
    renderApp('/people/8');
    const form = await screen.findByTestId('give-phone', {}, { timeout: 5000 });
    await userEvent.type(within(form).getByLabelText('Phone number'), '+79164445566');
    await userEvent.click(within(form).getByRole('button', { name: 'Give the phone number' }));
    await waitFor(() => expect(screen.getByTestId('person')).toHaveTextContent('+7 916 444 55 66'), { timeout: 5000 });
    expect(screen.queryByTestId('give-phone')).not.toBeInTheDocument();
  });
});
