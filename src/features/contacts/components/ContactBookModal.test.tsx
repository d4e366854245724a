import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { aContact, contactsServer } from '../../../../tests/web/contacts';

const boris = aContact(2, 'Boris Ivanov', '+79160000002');
const vera = aContact(3, 'Vera Orlova', '+79160000003');

async function openBook() {
  const user = userEvent.setup();
  const view = renderApp('/faq');
  await user.click((await screen.findAllByTestId('nav-contacts'))[0]!);
  const book = await screen.findByRole('dialog', { name: 'Contacts' });
  return { ...view, user, book };
}

const rows = (book: HTMLElement) => within(within(book).getByTestId('contact-book-list')).getAllByRole('listitem');

describe('the contact book', () => {
  it("lists me first, labelled 'me', then each contact with name and phone; I cannot delete myself", async () => {
    contactsServer(undefined, [boris, vera]);
    const { book } = await openBook();
    const list = rows(book);
    expect(list).toHaveLength(3);
    expect(list[0]).toHaveTextContent('Anna Petrova');
    expect(within(list[0]!).getByText('me')).toBeInTheDocument();
    expect(within(list[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(list[1]).toHaveTextContent('Boris Ivanov');
    expect(await within(list[1]!).findByText('+7 916 000 00 02')).toBeInTheDocument();
    expect(within(list[1]!).getByRole('button', { name: 'Delete Boris Ivanov' })).toBeInTheDocument();
  });

  it('deletes a contact after confirming, with a spinner while the server answers', async () => {
    const data = contactsServer(undefined, [boris, vera]);
    const { user, book, store } = await openBook();
    server.use(
      http.delete('/app/api/v1/user/contacts/', async ({ request }) => {
        data.deleted.push(await request.json());
        await delay(300);
        data.contacts = data.contacts.filter((c) => c.uid !== boris.uid);
        return HttpResponse.json(data.contacts);
      }),
    );
    await user.click(within(book).getByRole('button', { name: 'Delete Boris Ivanov' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Delete Boris Ivanov from your contacts?');
    const submit = within(confirm).getByRole('button', { name: 'Delete' });
    await user.click(submit);
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(data.deleted).toEqual([{ device: 'WEB', phones: ['+79160000002'] }]);
    expect(within(book).queryByText('Boris Ivanov')).not.toBeInTheDocument();
    expect(store.getState().contacts.items.map((c) => c.uid)).toEqual([7, 3]);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const data = contactsServer(undefined, [boris]);
    const { user, book } = await openBook();
    await user.click(within(book).getByRole('button', { name: 'Delete Boris Ivanov' }));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument();
    expect(data.deleted).toEqual([]);
    expect(rows(book)).toHaveLength(2);
  });

  it("shows the server's refusal to delete and keeps the contact", async () => {
    contactsServer(undefined, [boris]);
    const { user, book } = await openBook();
    server.use(http.delete('/app/api/v1/user/contacts/', () => errorBody('internal', 500)));
    await user.click(within(book).getByRole('button', { name: 'Delete Boris Ivanov' }));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(book).findByRole('alert')).toHaveTextContent('An error has occurred. Service is temporarily down');
    expect(rows(book)).toHaveLength(2);
  });

  it('says so when I have no contacts besides me', async () => {
    contactsServer();
    const { book } = await openBook();
    expect(within(book).getByText('You have no contacts yet. Add a friend by phone.')).toBeInTheDocument();
  });
});
