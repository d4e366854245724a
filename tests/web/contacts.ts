import { http, HttpResponse } from 'msw';
import type { Contact } from '@common/contract/contacts';
import type { User } from '@common/contract/user';
import { aContact, aContactList, aCurrencyList, aUser } from './fixtures';

export { aContact };
import { server } from './msw';

/**
 * A signed-in user whose contact book lives in `book.contacts`: the initial load reads it and
 * POST/DELETE /user/contacts/ change it as the server would, recording each body.
 */
export function contactsServer(user: User = aUser(), others: Contact[] = []) {
  localStorage.setItem('token', 't');
  const book = {
    user,
    contacts: [...aContactList(user), ...others],
    posted: [] as unknown[],
    deleted: [] as unknown[],
    searches: [] as string[],
  };
  server.use(
    http.get('/app/api/v1/user/me/', () => HttpResponse.json(book.user)),
    http.get('/app/api/v1/currency/', () => HttpResponse.json(aCurrencyList(book.user.currency))),
    http.get('/app/api/v1/user/contacts/', () => HttpResponse.json(book.contacts)),
    http.post('/app/api/v1/user/contacts/', async ({ request }) => {
      const body = (await request.json()) as { contacts: { name: string; phone: string }[] };
      book.posted.push(body);
      for (const c of body.contacts) book.contacts.push(aContact(100 + book.contacts.length, c.name, c.phone, { contact_name: c.name }));
      return HttpResponse.json(book.contacts);
    }),
    http.delete('/app/api/v1/user/contacts/', async ({ request }) => {
      const body = (await request.json()) as { phones: string[] };
      book.deleted.push(body);
      book.contacts = book.contacts.filter((c) => c.is_me || !body.phones.includes(c.phone));
      return HttpResponse.json(book.contacts);
    }),
  );
  return book;
}

/** GET /user/search/ answering with `answer(phone)`, recording what was searched. */
export function searchAnswers(book: { searches: string[] }, answer: (phone: string) => Response | Promise<Response>) {
  server.use(
    http.get('/app/api/v1/user/search/', ({ request }) => {
      const phone = new URL(request.url).searchParams.get('phone') ?? '';
      book.searches.push(phone);
      return answer(phone);
    }),
  );
}
