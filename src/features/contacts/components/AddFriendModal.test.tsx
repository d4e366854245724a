import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/lib/i18n';
import { errorBody } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { aContact, contactsServer, searchAnswers } from '../../../../tests/web/contacts';

const boris = aContact(2, 'Boris Ivanov', '+79160000002');

/** Signed in on a quiet screen, with the add-friend modal opened from the contact book. */
async function openAddFriend(language: Language = 'en') {
  const user = userEvent.setup();
  const view = renderApp('/faq', { language });
  await user.click((await screen.findAllByTestId('nav-contacts'))[0]!);
  const book = await screen.findByTestId('contact-book');
  await user.click(within(book).getByTestId('contact-book-add'));
  const form = await screen.findByTestId('add-friend');
  return { ...view, user, form, book };
}

const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label);

describe('the add-friend modal', () => {
  it('searches only a whole phone number, shows the registered person and adds them by the typed name', async () => {
    const book = contactsServer();
    searchAnswers(book, () => HttpResponse.json({ ...boris, is_contact_exists: false, name: 'Boris Ivanov', status: 'registered' }));
    const { user, form, store } = await openAddFriend();

    await user.type(field(form, 'Phone'), '916000000');
    // Nine digits are not a phone yet (§5: an optional country code, then 3+3+2+2 digits).
    await new Promise((r) => setTimeout(r, 700));
    expect(book.searches).toEqual([]);

    await user.type(field(form, 'Phone'), '2');
    expect(await within(form).findByText('Has an account', {}, { timeout: 2000 })).toBeInTheDocument();
    // Asked for as the number itself (read in the default country), as the field shows it once left.
    expect(book.searches).toEqual(['+79160000002']);
    expect(within(form).getByTestId('add-friend-person')).toHaveTextContent('Boris Ivanov');
    // The person's own name is offered and may be changed; extra spaces collapse.
    expect(field(form, 'First name')).toHaveValue('Boris');
    expect(field(form, 'Last name')).toHaveValue('Ivanov');
    await user.clear(field(form, 'Last name'));
    await user.type(field(form, 'Last name'), '  Ivanov   Jr ');
    await user.click(within(form).getByTestId('add-friend-submit'));

    await waitFor(() => expect(screen.queryByTestId('add-friend')).not.toBeInTheDocument());
    expect(book.posted).toEqual([{ device: 'WEB', contacts: [{ name: 'Boris Ivanov Jr', phone: '+79160000002' }] }]);
    expect(store.getState().contacts.items.map((c) => c.phone)).toContain('+79160000002');
    expect(within(screen.getByTestId('contact-book-list')).getByText('Boris Ivanov Jr')).toBeInTheDocument();
  });

  it('looks the phone up 500 ms after the last keystroke, like every search (§9)', async () => {
    const book = contactsServer();
    searchAnswers(book, () => HttpResponse.json({ status: 'unregistered', phone: '+79165554433' }));
    const { user, form } = await openAddFriend();
    await user.type(field(form, 'Phone'), '+7 916 555 44 33');
    const typed = performance.now();
    await waitFor(() => expect(book.searches).toHaveLength(1), { timeout: 2000, interval: 10 });
    expect(performance.now() - typed).toBeGreaterThanOrEqual(480);
  });

  it("requires the first and last name for someone without an account ('first name required', 'last name required')", async () => {
    const book = contactsServer();
    searchAnswers(book, () => HttpResponse.json({ status: 'unregistered', phone: '+79165554433' }));
    const { user, form } = await openAddFriend();
    await user.type(field(form, 'Phone'), '+7 916 555 44 33');
    expect(await within(form).findByText(/Nobody has an account with this phone yet/, {}, { timeout: 2000 })).toBeInTheDocument();
    // §4's load state for it.
    expect(form.querySelector('form')).toHaveAttribute('data-search', 'unregistered');
    // A typed '+' goes to the server, which reads the number as international.
    expect(book.searches).toEqual(['+79165554433']);

    await user.click(within(form).getByTestId('add-friend-submit'));
    expect(await within(form).findByText('first name required')).toBeInTheDocument();
    expect(within(form).getByText('last name required')).toBeInTheDocument();
    expect(book.posted).toEqual([]);

    await user.type(field(form, 'First name'), ' Dasha ');
    await user.type(field(form, 'Last name'), 'Kim');
    await user.click(within(form).getByTestId('add-friend-submit'));
    await waitFor(() => expect(book.posted).toEqual([{ device: 'WEB', contacts: [{ name: 'Dasha Kim', phone: '+79165554433' }] }]));
  });

  it('marks both names as required and says why, before any error (en, ru)', async () => {
    contactsServer();
    const { form, unmount } = await openAddFriend();
    expect(field(form, 'First name')).toHaveAttribute('aria-required', 'true');
    expect(field(form, 'Last name')).toHaveAttribute('aria-required', 'true');
    expect(field(form, 'Last name')).toHaveAccessibleDescription(
      'A first and a last name tell people apart in a shared event. Know only the first name? An initial will do.',
    );
    unmount();
    contactsServer();
    const ru = await openAddFriend('ru');
    expect(within(ru.form).getByLabelText('Фамилия')).toHaveAccessibleDescription(/Подойдёт и первая буква фамилии/);
  });

  it('opens empty a second time, with nothing left of the first search', async () => {
    const book = contactsServer();
    searchAnswers(book, () => HttpResponse.json({ status: 'unregistered', phone: '+79165554433' }));
    const { user, form, book: bookModal } = await openAddFriend();
    await user.type(field(form, 'Phone'), '+7 916 555 44 33');
    expect(await within(form).findByText(/Nobody has an account with this phone yet/, {}, { timeout: 2000 })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await user.click(within(bookModal).getByTestId('contact-book-add'));
    const again = await screen.findByTestId('add-friend');
    expect(field(again, 'Phone')).toHaveValue('');
    expect(within(again).getByTestId('add-friend-found')).toBeEmptyDOMElement();
  });

  it("says 'phone incorrect' for a phone that is not one, from the form and from the server", async () => {
    const book = contactsServer();
    searchAnswers(book, () => errorBody('phone_incorrect', 400, 'phone'));
    const { user, form } = await openAddFriend();
    await user.type(field(form, 'First name'), 'Dasha');
    await user.type(field(form, 'Last name'), 'Kim');
    await user.type(field(form, 'Phone'), '12345');
    await user.click(within(form).getByTestId('add-friend-submit'));
    expect(await within(form).findByText('phone incorrect')).toBeInTheDocument();
    expect(field(form, 'Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(book.searches).toEqual([]);

    await user.clear(field(form, 'Phone'));
    expect(within(form).queryByText('phone incorrect')).not.toBeInTheDocument();
    // Eleven digits pass the shape check, but no country has this number.
    await user.type(field(form, 'Phone'), '00000000000');
    expect(await within(form).findByText('phone incorrect', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(book.searches).toEqual(['00000000000']);
    expect(book.posted).toEqual([]);
  });

  it("replaces an earlier search's offered name, but never a name the user typed", async () => {
    const book = contactsServer();
    const vera = aContact(3, 'Vera Orlova', '+79160000003', { is_contact_exists: false });
    searchAnswers(book, (phone) => HttpResponse.json({ ...(phone.endsWith('2') ? { ...boris, is_contact_exists: false } : vera), status: 'registered' }));
    const { user, form } = await openAddFriend();
    await user.type(field(form, 'Phone'), '9160000002');
    await waitFor(() => expect(field(form, 'First name')).toHaveValue('Boris'), { timeout: 2000 });
    await user.clear(field(form, 'Last name'));
    await user.type(field(form, 'Last name'), 'Mine');
    await user.clear(field(form, 'Phone'));
    await user.type(field(form, 'Phone'), '9160000003');
    await waitFor(() => expect(field(form, 'First name')).toHaveValue('Vera'), { timeout: 2000 });
    expect(field(form, 'Last name')).toHaveValue('Mine');
  });

  it('disables Add for someone already in my contacts and says so', async () => {
    const book = contactsServer(undefined, [boris]);
    searchAnswers(book, () => HttpResponse.json({ ...boris, status: 'registered' }));
    const { user, form } = await openAddFriend();
    await user.type(field(form, 'Phone'), '89160000002');
    expect(await within(form).findByText('This person is already in your contacts', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(within(form).getByTestId('add-friend-submit')).toBeDisabled();
  });

  it('disables Add for a placeholder already in my contacts (search_all)', async () => {
    const book = contactsServer();
    const placeholder = aContact(9, '', '+79160000009', { name: '+7 916 000 00 09', contact_name: 'Old friend', is_registered: false });
    searchAnswers(book, () => HttpResponse.json({ ...placeholder, status: 'contact' }));
    const { user, form } = await openAddFriend();
    await user.type(field(form, 'Phone'), '9160000009');
    expect(await within(form).findByText('This person is already in your contacts', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(within(form).getByTestId('add-friend-submit')).toBeDisabled();
  });

  it('disables Add for a registered person without a full name', async () => {
    const book = contactsServer();
    searchAnswers(book, () =>
      HttpResponse.json({ ...aContact(3, '', '+79160000003', { is_contact_exists: false, name: '+7 916 000 00 03' }), status: 'registered' }),
    );
    const { user, form } = await openAddFriend();
    await user.type(field(form, 'Phone'), '9160000003');
    expect(await within(form).findByText(/has not given their full name yet/, {}, { timeout: 2000 })).toBeInTheDocument();
    expect(within(form).getByTestId('add-friend-submit')).toBeDisabled();
    expect(book.posted).toEqual([]);
  });

  it("shows the server's refusal of the search in the user's language", async () => {
    const book = contactsServer();
    searchAnswers(book, () => errorBody('rate_limited', 429));
    const { user, form } = await openAddFriend('ru');
    await user.type(field(form, 'Телефон'), '9160000002');
    expect(await within(form).findByText('Слишком много запросов. Попробуйте позже.', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it("shows the server's refusal of the add in the user's language and keeps the form", async () => {
    const book = contactsServer();
    searchAnswers(book, () => HttpResponse.json({ status: 'unregistered', phone: '+79165554433' }));
    server.use(http.post('/app/api/v1/user/contacts/', () => errorBody('contact_exists', 400)));
    const { user, form } = await openAddFriend('ru');
    await user.type(field(form, 'Телефон'), '9165554433');
    await user.type(field(form, 'Имя'), 'Даша');
    await user.type(field(form, 'Фамилия'), 'Ким');
    await user.click(within(form).getByTestId('add-friend-submit'));
    expect(await within(form).findByText('Этот человек уже есть в ваших контактах')).toBeInTheDocument();
    expect(screen.getByTestId('add-friend')).toBeInTheDocument();
    expect(within(form).getByTestId('add-friend-submit')).toBeEnabled();
  });

  it('does not search again when the field rewrites the number it holds on leaving it', async () => {
    const book = contactsServer();
    searchAnswers(book, () => HttpResponse.json({ ...boris, is_contact_exists: false, name: 'Boris Ivanov', status: 'registered' }));
    const { user, form } = await openAddFriend();
    await user.type(field(form, 'Phone'), '9160000002');
    expect(await within(form).findByText('Has an account', {}, { timeout: 2000 })).toBeInTheDocument();
    await user.click(field(form, 'First name'));
    expect(field(form, 'Phone')).toHaveValue('+7 916 000 00 02');
    await new Promise((r) => setTimeout(r, 700));
    expect(book.searches).toEqual(['+79160000002']);
    expect(within(form).getByTestId('add-friend-person')).toHaveTextContent('Boris Ivanov');
  });
});
