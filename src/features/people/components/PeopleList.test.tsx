import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteContactsBody, addContactsBody } from '@common/contract/contacts';
import { createEventBody } from '@common/contract/events';
import { createOperationBody, type CreateOperationBody } from '@common/contract/operations';
import { ledgerChanged } from '@/app/ledger-changed';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { aContactList, errorBody } from '../../../../tests/web/fixtures';
import { aDialogue, anOperationIn, aPerson, aPersonResponse, json, signedIn, stubIntersectionObserver, user } from '../test-fixtures';

const words = (el: Element | null) => (el?.textContent ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

const BORIS = aPerson(8, 'Boris Ivanov', { balance: [{ balance: 30, currency: 'EUR' }], balances: [{ balance: 30, currency: 'EUR' }], gender: 'M' });
const VERA = aPerson(9, 'Вера Петрова', {
  balance: [
    { balance: -500, currency: 'RUB' },
    { balance: 12.5, currency: 'USD' },
  ],
  balances: [
    { balance: -500, currency: 'RUB' },
    { balance: 12.5, currency: 'USD' },
  ],
  gender: 'F',
  family: { id: 4, head: 9, is_mine: false },
});
const GLEB = aPerson(10, 'Gleb Orlov', { family: { id: 4, head: 9, is_mine: false }, is_contact_exists: false });
const PLACEHOLDER = aPerson(11, '+7 916 000-00-11', { full_name: '', is_registered: false });
const FAMILY = {
  id: 4,
  head: 9,
  is_mine: false,
  members: [9, 10],
  balance: [
    { balance: -500, currency: 'RUB' },
    { balance: 12.5, currency: 'USD' },
  ],
  balances: [],
};

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  io = stubIntersectionObserver();
});
afterEach(() => io.restore());

describe('the People list', () => {
  it('shows skeleton rows, then each person with avatar link, phone and balance per currency', async () => {
    signedIn([BORIS, VERA, GLEB, PLACEHOLDER], [FAMILY]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/app/api/v1/event/people/', async () => {
        await gate;
        return undefined;
      }),
    );
    renderApp('/people');
    expect(await screen.findByTestId('people-skeleton', {}, { timeout: 5000 })).toBeInTheDocument();
    release();
    const boris = await screen.findByTestId('person-row-8', {}, { timeout: 5000 });
    expect(within(boris).getByTestId('person-link-8')).toHaveAttribute('href', '/people/8');
    // The phone shows in international format once the phone library has loaded, as typed until then.
    expect(boris.textContent!.replace(/\D/g, '')).toContain('79160000008');
    const borisBalance = boris.querySelector('[data-balance]');
    expect(borisBalance).toHaveAttribute('data-balance', 'accrual');
    expect(words(borisBalance)).toBe('owes you 30,00 €');
    const vera = screen.getByTestId('person-row-9');
    expect(vera.querySelector('[data-balance]')).toHaveAttribute('data-balance', 'mixed');
    expect(words(vera.querySelector('[data-balance]'))).toBe('owes you 12,50 $; you owe 500,00 ₽');
    expect(words(screen.getByTestId('person-row-10').querySelector('[data-balance]'))).toBe('settled up');
    // A placeholder is named by its phone: the phone is not repeated under it.
    const placeholder = screen.getByTestId('person-row-11');
    expect(placeholder).toHaveTextContent('not signed up yet');
    expect(placeholder.textContent!.replace(/\D/g, '')).toBe('79160000011');
  });

  it('groups a family and closes it with a Whole family row', async () => {
    signedIn([BORIS, VERA, GLEB], [FAMILY]);
    renderApp('/people');
    const list = await screen.findByTestId('people-list', {}, { timeout: 5000 });
    const order = [...list.children].map((li) => li.getAttribute('data-testid'));
    expect(order).toEqual(['person-row-8', 'person-row-9', 'person-row-10', 'whole-family-4']);
    const whole = screen.getByTestId('whole-family-4');
    expect(whole).toHaveTextContent('Whole family');
    expect(words(whole.querySelector('[data-balance]'))).toBe('owes you 12,50 $; you owe 500,00 ₽');
  });

  it('speaks Russian with the right gender', async () => {
    signedIn([BORIS, VERA, GLEB], [FAMILY]);
    renderApp('/people', { language: 'ru' });
    const vera = await screen.findByTestId('person-row-9', {}, { timeout: 5000 });
    expect(words(vera.querySelector('[data-balance]'))).toBe('должна вам 12,50 $; вы должны 500,00 ₽');
    expect(words(screen.getByTestId('person-row-8').querySelector('[data-balance]'))).toBe('должен вам 30,00 €');
    expect(screen.getByTestId('whole-family-4')).toHaveTextContent('Вся семья');
    expect(screen.getByTestId('people-scope')).toHaveTextContent('Ваш баланс с каждым по всем общим событиям и диалогам вместе');
  });

  it('says No users when there is nobody', async () => {
    signedIn([]);
    renderApp('/people');
    expect(await screen.findByTestId('people-empty', {}, { timeout: 5000 })).toHaveTextContent('No users');
  });

  it('shows an error with Retry, and Retry loads the list', async () => {
    signedIn([BORIS]);
    let fail = true;
    server.use(
      http.get('/app/api/v1/event/people/', ({ request }) => {
        if (fail) return errorBody('internal', 500);
        return json({ ...aPage(), page: Number(new URL(request.url).searchParams.get('page')) });
      }),
    );
    renderApp('/people');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The list of people could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('person-row-8')).toBeInTheDocument();
  });

  it('reads 20 a page and the next page when the end of the list scrolls into view', async () => {
    const many = Array.from({ length: 45 }, (_, i) => aPerson(100 + i, `Person ${String(i).padStart(2, '0')}`));
    const { pages } = signedIn(many);
    renderApp('/people');
    await screen.findByTestId('person-row-100', {}, { timeout: 5000 });
    expect(screen.getByTestId('people-list').querySelectorAll('[data-testid^="person-row-"]')).toHaveLength(20);
    expect(pages).toEqual([1]);
    io.show(screen.getByTestId('people-more'));
    await screen.findByTestId('person-row-139');
    expect(screen.getByTestId('people-list').querySelectorAll('[data-testid^="person-row-"]')).toHaveLength(40);
    io.show(screen.getByTestId('people-more'));
    await screen.findByTestId('person-row-144');
    expect(pages).toEqual([1, 2, 3]);
    expect(screen.queryByTestId('people-more')).not.toBeInTheDocument();
  });

  it('reads every page shown again after a change to the money, the rows keeping their place', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      aPerson(100 + i, `Person ${String(i).padStart(2, '0')}`, { balance: [{ balance: 10, currency: 'EUR' }], balances: [{ balance: 10, currency: 'EUR' }] }),
    );
    const { pages } = signedIn(many);
    const { store } = renderApp('/people');
    await screen.findByTestId('person-row-100', {}, { timeout: 5000 });
    io.show(screen.getByTestId('people-more'));
    await screen.findByTestId('person-row-139');
    expect(pages).toEqual([1, 2]);

    // A payback settled with the person on page 2.
    many[30] = { ...many[30]!, balance: [], balances: [] };
    store.dispatch(ledgerChanged());
    await waitFor(() => expect(pages).toEqual([1, 2, 1, 2]));
    await waitFor(() => expect(words(screen.getByTestId('person-row-130'))).not.toMatch(/10[.,]00/));
    expect(screen.getByTestId('people-list').querySelectorAll('[data-testid^="person-row-"]')).toHaveLength(40);
    expect(words(screen.getByTestId('person-row-129'))).toMatch(/10[.,]00/);
  });

  it('asks for balances in the display currency and marks them approximate', async () => {
    localStorage.setItem('display_currency', 'EUR');
    const converted = aPerson(8, 'Boris Ivanov', { balance: 30, balances: [{ balance: 30, currency: 'EUR' }] });
    const { pages } = signedIn([converted]);
    renderApp('/people');
    const row = await screen.findByTestId('person-row-8', {}, { timeout: 5000 });
    expect(words(row.querySelector('[data-balance]'))).toBe('owes you ≈30,00 €');
    expect(row.querySelector('abbr')).toHaveAttribute('title', 'Converted at the rate of 1 May 2024, approximately');
    expect(pages).toEqual([1]);
  });

  function aPage() {
    return { count: 1, page: 1, pages: 1, currency: null, approximate: false, objects: [BORIS], families: [] };
  }
});

describe('the one-click money input', () => {
  function recordCalls() {
    const calls: string[] = [];
    const posted: CreateOperationBody[] = [];
    const created: unknown[] = [];
    server.use(
      http.get('/app/api/v1/event/people/8/', () => {
        calls.push('person');
        return json(aPersonResponse(BORIS, { dialogue_id: created.length > 0 ? 31 : null }));
      }),
      http.post('/app/api/v1/event/', async ({ request }) => {
        created.push(createEventBody.parse(await request.json()));
        return json(aDialogue(31, 8), { status: 201 });
      }),
      http.post('/app/api/v1/operation/', async ({ request }) => {
        const body = createOperationBody.parse(await request.json());
        posted.push(body);
        return json(anOperationIn(body.event_id, body.details.kind as 'i_lent_them', body.details.amount ?? 0), { status: 201 });
      }),
      http.get('/app/api/v1/event/31/', () => json(aDialogue(31, 8))),
      http.get('/app/api/v1/event/', () => json([aDialogue(31, 8)])),
      http.get('/app/api/v1/operation/', () => json({ count: 0, live: 0, page: 1, pages: 0, objects: [] })),
    );
    return { calls, posted, created };
  }

  it('refuses an empty or zero amount, too many decimals and a thousands separator, recording nothing', async () => {
    signedIn([BORIS]);
    const { posted, created, calls } = recordCalls();
    renderApp('/people');
    const row = await screen.findByTestId('person-row-8', {}, { timeout: 5000 });
    const input = within(row).getByRole('textbox', { name: 'Amount in RUB for Boris Ivanov' });
    await userEvent.click(within(row).getByRole('button', { name: 'I lent them' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('Required field');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, '0');
    await userEvent.click(within(row).getByRole('button', { name: 'They lent me' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('amount must be above the minimum');
    await userEvent.clear(input);
    await userEvent.type(input, 'abc12.3456');
    expect(input).toHaveValue('12.3456');
    await userEvent.click(within(row).getByRole('button', { name: 'I lent them' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('too many digits after the decimal separator');
    await userEvent.clear(input);
    await userEvent.type(input, '3,000');
    await userEvent.click(within(row).getByRole('button', { name: 'I lent them' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('Did you mean 3000?');
    expect(input).toHaveValue('3,000');
    expect(posted).toEqual([]);
    expect(created).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('records I lent them in a new dialogue and goes to its transactions', async () => {
    signedIn([BORIS]);
    const { posted, created } = recordCalls();
    const { router } = renderApp('/people');
    const row = await screen.findByTestId('person-row-8', {}, { timeout: 5000 });
    await userEvent.type(within(row).getByRole('textbox', { name: /Amount in RUB/ }), '1500,5');
    await userEvent.click(within(row).getByRole('button', { name: 'I lent them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/31/transactions'));
    expect(created).toEqual([{ quasi: true, contacts: [8] }]);
    expect(posted).toEqual([{ event_id: 31, details: { kind: 'i_lent_them', amount: 1500.5, currency: 'RUB', description: '' }, participants: [{ uid: 8 }] }]);
  });

  it('records They lent me in the dialogue that exists, with them as the lender', async () => {
    signedIn([BORIS]);
    const { posted, created } = recordCalls();
    created.push('already there');
    const { router } = renderApp('/people');
    const row = await screen.findByTestId('person-row-8', {}, { timeout: 5000 });
    await userEvent.type(within(row).getByRole('textbox', { name: /Amount in RUB/ }), '200');
    await userEvent.click(within(row).getByRole('button', { name: 'They lent me' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/31/transactions'));
    expect(created).toEqual(['already there']);
    expect(posted).toEqual([{ event_id: 31, details: { kind: 'they_lent_me', amount: 200, currency: 'RUB', description: '', payer: 8 }, participants: [] }]);
  });

  it('shows the server refusal in the row and stays on the page', async () => {
    signedIn([BORIS]);
    server.use(
      http.get('/app/api/v1/event/people/8/', () => json(aPersonResponse(BORIS, { dialogue_id: 31 }))),
      http.post('/app/api/v1/operation/', () => errorBody('event_deleted', 400)),
    );
    const { router } = renderApp('/people');
    const row = await screen.findByTestId('person-row-8', {}, { timeout: 5000 });
    await userEvent.type(within(row).getByRole('textbox', { name: /Amount in RUB/ }), '5');
    await userEvent.click(within(row).getByRole('button', { name: 'I lent them' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(/deleted/i);
    expect(router.state.location.pathname).toBe('/people');
    expect(within(row).getByRole('button', { name: 'I lent them' })).toBeEnabled();
  });
});

describe('contacts from the list', () => {
  it('opens the add-friend modal from the list head', async () => {
    signedIn([]);
    renderApp('/people');
    await screen.findByTestId('people-empty', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Add friend' }));
    expect(await screen.findByRole('dialog', { name: 'Add a friend' })).toBeInTheDocument();
  });

  it('adds someone who is not a contact yet', async () => {
    signedIn([GLEB]);
    const added: unknown[] = [];
    server.use(
      http.post('/app/api/v1/user/contacts/', async ({ request }) => {
        added.push(addContactsBody.parse(await request.json()));
        return json(aContactList(user));
      }),
    );
    renderApp('/people');
    const row = await screen.findByTestId('person-row-10', {}, { timeout: 5000 });
    await userEvent.click(within(row).getByRole('button', { name: 'Add to contacts' }));
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Add to contacts' })).not.toBeInTheDocument());
    expect(added).toEqual([{ device: 'WEB', contacts: [{ name: 'Gleb Orlov', phone: GLEB.phone }] }]);
    expect(within(row).getByRole('button', { name: 'Delete Gleb Orlov from contacts' })).toBeInTheDocument();
  });

  it('deletes a contact after a confirm dialog with a spinner, and reads the list again', async () => {
    const { pages } = signedIn([BORIS]);
    const deleted: unknown[] = [];
    let release!: () => void;
    server.use(
      http.delete('/app/api/v1/user/contacts/', async ({ request }) => {
        deleted.push(deleteContactsBody.parse(await request.json()));
        await new Promise<void>((resolve) => (release = resolve));
        return json(aContactList(user));
      }),
    );
    renderApp('/people');
    const row = await screen.findByTestId('person-row-8', {}, { timeout: 5000 });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete Boris Ivanov from contacts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete from contacts?' });
    expect(dialog).toHaveTextContent('Boris Ivanov will be removed from your contacts.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([{ device: 'WEB', phones: [BORIS.phone] }]);
    await waitFor(() => expect(pages).toEqual([1, 1]));
  });
});
