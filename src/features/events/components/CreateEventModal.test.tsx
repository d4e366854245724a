import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { contactListResponse, type Contact } from '@common/contract/contacts';
import type { Event } from '@common/contract/events';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { eventAnswer, eventsServer, makeEvent, participant, people, person, quietTabs, signedIn } from '../test-fixtures';

beforeEach(() => {
  signedIn();
  quietTabs();
});

async function openCreate() {
  const user = userEvent.setup();
  renderApp('/events');
  await user.click(await screen.findByTestId('create-event'));
  const dialog = await screen.findByRole('dialog', { name: 'New event' });
  return { user, dialog };
}

function results(dialog: HTMLElement): string[] {
  const list = within(dialog).queryByTestId('picker-results');
  return list
    ? within(list)
        .getAllByRole('button')
        .map((b) => b.textContent ?? '')
    : [];
}

describe('the create-event form', () => {
  it("refuses an empty name with 'event name required' and sends nothing", async () => {
    const events: Event[] = [];
    let posts = 0;
    eventsServer(events);
    server.use(http.post('/app/api/v1/event/', () => ((posts += 1), HttpResponse.json({}, { status: 500 }))));
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText('Event name'), '   ');
    await user.click(within(dialog).getByTestId('create-event-submit'));
    expect(await within(dialog).findByText('event name required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Event name')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);
  });

  it('creates the event with the chosen people in my currency by default, then opens it', async () => {
    const events: Event[] = [];
    eventsServer(events);
    let body: unknown = null;
    server.use(
      http.post('/app/api/v1/event/', async ({ request }) => {
        body = await request.json();
        const created = makeEvent({
          id: 42,
          event_name: 'Trip',
          eventCurrency: 'EUR',
          currency: 'EUR',
          contacts: [participant(people.me, 1), participant(people.vera, 2)],
        });
        events.push(created);
        return eventAnswer(created);
      }),
    );
    const { user, dialog } = await openCreate();
    // The currency starts as the profile's (EUR here), not a fixed one.
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR · Euro');
    await user.type(within(dialog).getByLabelText('Event name'), '  Trip  ');
    await user.type(within(dialog).getByTestId('picker-search'), 'vera');
    await waitFor(() => expect(results(dialog)).toHaveLength(1), { timeout: 2000 });
    await user.click(within(dialog).getByTestId('pick-3'));
    await user.click(within(dialog).getByTestId('create-event-submit'));
    await waitFor(() => expect(body).toEqual({ event_name: 'Trip', contacts: [3], eventCurrency: 'EUR' }));
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New event' })).not.toBeInTheDocument();
  });

  it('invites the whole contact book with one checkbox (invite_all, §7), in Russian too', async () => {
    const events: Event[] = [];
    eventsServer(events);
    let body: unknown = null;
    server.use(
      http.post('/app/api/v1/event/', async ({ request }) => {
        body = await request.json();
        const created = makeEvent({ id: 43, event_name: 'Dacha', contacts: [participant(people.me, 1), participant(people.vera, 2)] });
        events.push(created);
        return eventAnswer(created);
      }),
    );
    const user = userEvent.setup();
    renderApp('/events', { language: 'ru' });
    await user.click(await screen.findByTestId('create-event'));
    const dialog = await screen.findByRole('dialog', { name: 'Новое событие' });
    await user.type(within(dialog).getByLabelText('Название события'), 'Dacha');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Пригласить всех из моих контактов' }));
    // Everyone is coming: picking people one by one is no longer needed.
    expect(within(dialog).queryByTestId('picker-search')).not.toBeInTheDocument();
    await user.click(within(dialog).getByTestId('create-event-submit'));
    await waitFor(() => expect(body).toMatchObject({ event_name: 'Dacha', invite_all: true }));
  });

  it.each([
    ['en', 'all participants added'],
    ['ru', 'все участники добавлены'],
  ] as const)("says '%s' when every contact is already picked", async (language, text) => {
    eventsServer([]);
    const user = userEvent.setup();
    renderApp('/events', { language });
    await user.click(await screen.findByTestId('create-event'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(results(dialog).length).toBeGreaterThan(0), { timeout: 2000 });
    for (const uid of within(dialog)
      .getAllByTestId(/^pick-/)
      .map((b) => b.dataset.testid!))
      await user.click(within(dialog).getByTestId(uid));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    // Searching then for someone not in the book says nobody matches, and offers a new participant.
    await user.type(within(dialog).getByTestId('picker-search'), 'Zoltan');
    expect(
      await within(dialog).findByText(language === 'en' ? 'Nobody matches “Zoltan”.' : 'Никого не нашлось по запросу «Zoltan».', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(text)).toBeNull();
  });

  it.each([
    ['en', 'Your contact book is empty: add the first participant by phone.', 'Add +7 999 000 22 22', 'Add a friend'],
    ['ru', 'В ваших контактах пока никого нет: добавьте первого участника по номеру телефона.', 'Добавить +7 999 000 22 22', 'Добавить друга'],
  ] as const)('tells a new user with no contacts so, and offers a typed phone at once (%s)', async (language, empty, addPhone, addTitle) => {
    signedIn([people.me]);
    eventsServer([]);
    const user = userEvent.setup();
    renderApp('/events', { language });
    await user.click(await screen.findByTestId('create-event'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(empty)).toBeInTheDocument();
    expect(within(dialog).queryByText(language === 'en' ? 'all participants added' : 'все участники добавлены')).toBeNull();
    await user.type(within(dialog).getByTestId('picker-search'), '+7 999 000 22 22');
    const add = await within(dialog).findByRole('button', { name: addPhone }, { timeout: 2000 });
    await user.click(add);
    const friend = await screen.findByRole('dialog', { name: addTitle });
    expect(within(friend).getByRole('textbox', { name: /phone|телефон/i })).toHaveValue('+7 999 000 22 22');
  });

  it('shows a server refusal in the form and lets the user try again', async () => {
    eventsServer([]);
    server.use(http.post('/app/api/v1/event/', () => HttpResponse.json({ error: 'unknown currency', code: 'currency_unknown' }, { status: 400 })));
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText('Event name'), 'Trip');
    await user.click(within(dialog).getByTestId('create-event-submit'));
    expect(await within(dialog).findByText('unknown currency')).toBeInTheDocument();
    expect(within(dialog).getByTestId('create-event-submit')).toBeEnabled();
  });
});

describe('the add-participants picker', () => {
  it('searches 500 ms after the last keystroke, not before', async () => {
    eventsServer([]);
    const { user, dialog } = await openCreate();
    expect(results(dialog)).toHaveLength(4);
    await user.type(within(dialog).getByTestId('picker-search'), 'Gleb');
    const typed = Date.now();
    // Still the whole list right after typing.
    expect(results(dialog)).toHaveLength(4);
    await waitFor(() => expect(results(dialog)).toHaveLength(1), { timeout: 2000 });
    expect(Date.now() - typed).toBeGreaterThanOrEqual(450);
    expect(results(dialog)[0]).toContain('Gleb Orlov');
  });

  it('finds names written in the other script or spelt differently', async () => {
    eventsServer([]);
    const { user, dialog } = await openCreate();
    const search = within(dialog).getByTestId('picker-search');
    for (const [query, found] of [
      ['vera', 'Вера Петрова'],
      ['zhenya', 'Женя Смирнов'],
      ['Глеб', 'Gleb Orlov'],
      ['Борис', 'Boris Ivanov'],
    ] as const) {
      await user.clear(search);
      await user.type(search, query);
      await waitFor(() => expect(results(dialog)).toEqual([expect.stringContaining(found)]), { timeout: 2000 });
    }
  });

  it('finds people by phone digits, typed as people type them', async () => {
    eventsServer([]);
    const { user, dialog } = await openCreate();
    const search = within(dialog).getByTestId('picker-search');
    await user.type(search, '8 (916) 123-45-67');
    await waitFor(() => expect(results(dialog)).toHaveLength(1), { timeout: 2000 });
    expect(results(dialog)[0]).toContain('Женя Смирнов');
    await user.clear(search);
    await user.type(search, '0000004');
    await waitFor(() => expect(results(dialog)).toEqual([expect.stringContaining('Gleb Orlov')]), { timeout: 2000 });
  });

  it('offers only people not chosen yet, and never me', async () => {
    eventsServer([]);
    const { user, dialog } = await openCreate();
    expect(results(dialog).join()).not.toContain('Anna Smirnova');
    await user.click(within(dialog).getByTestId('pick-2'));
    expect(results(dialog)).toHaveLength(3);
    expect(results(dialog).join()).not.toContain('Boris Ivanov');
    await user.click(within(dialog).getByRole('button', { name: 'Delete: Boris Ivanov' }));
    expect(results(dialog)).toHaveLength(4);
  });

  it("asks 'Do you want to add a new participant?' with no match; yes adds a contact by phone and selects them", async () => {
    eventsServer([]);
    let posted: unknown = null;
    const dasha = person(7, 'Dasha Kim', '+79165554433', { contact_name: 'Dasha Kim' });
    server.use(
      http.post('/app/api/v1/user/contacts/', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(contactListResponse.parse([...Object.values(people), dasha] satisfies Contact[]));
      }),
      http.get('/app/api/v1/user/search/', () => HttpResponse.json({ status: 'unregistered', phone: '+79165554433' })),
    );
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByTestId('picker-search'), 'Dasha Kim');
    expect(await within(dialog).findByText('Do you want to add a new participant?', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(within(dialog).getByText('Nobody matches “Dasha Kim”.')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('picker-add-new'));

    const form = await screen.findByRole('dialog', { name: 'Add a friend' });
    expect(within(form).getByLabelText('First name')).toHaveValue('Dasha');
    expect(within(form).getByLabelText('Last name')).toHaveValue('Kim');
    await user.clear(within(form).getByLabelText('First name'));
    await user.click(within(form).getByTestId('add-friend-submit'));
    expect(await within(form).findByText('first name required')).toBeInTheDocument();
    expect(within(form).getByText('phone incorrect')).toBeInTheDocument();
    expect(posted).toBeNull();

    await user.type(within(form).getByLabelText('First name'), 'Dasha');
    await user.type(within(form).getByLabelText('Phone'), '+7 916 555 44 33');
    expect(await within(form).findByText(/Nobody has an account with this phone yet/, {}, { timeout: 2000 })).toBeInTheDocument();
    await user.click(within(form).getByTestId('add-friend-submit'));
    await waitFor(() => expect(posted).toEqual({ device: 'WEB', contacts: [{ name: 'Dasha Kim', phone: '+79165554433' }] }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a friend' })).not.toBeInTheDocument());
    // The new person is selected in the picker, and the create form is still open.
    expect(within(dialog).getByRole('button', { name: 'Delete: Dasha Kim' })).toBeInTheDocument();
  });

  it('does not add someone who is already a contact', async () => {
    eventsServer([]);
    let posts = 0;
    server.use(
      http.post('/app/api/v1/user/contacts/', () => ((posts += 1), HttpResponse.json([]))),
      http.get('/app/api/v1/user/search/', () => HttpResponse.json({ ...people.boris, status: 'registered' })),
    );
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByTestId('picker-search'), '+7916000000');
    await user.click(await within(dialog).findByTestId('picker-add-phone', {}, { timeout: 2000 }));
    const form = await screen.findByRole('dialog', { name: 'Add a friend' });
    // The typed digits came along; one more makes a whole phone, which is looked up.
    expect(within(form).getByLabelText('Phone')).toHaveValue('+7 916 000 00 0');
    await user.type(within(form).getByLabelText('Phone'), '2');
    expect(await within(form).findByText('This person is already in your contacts', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(within(form).getByTestId('add-friend-submit')).toBeDisabled();
    expect(posts).toBe(0);
  });
});
