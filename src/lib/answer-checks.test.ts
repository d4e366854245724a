/** Specification §8: the web app's own messages for answers that are not what it asked for, in both languages. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { eventsApi } from '@/features/events/events-api';
import { expensesQuery } from '@/features/operations/operations-api';
import { profileApi } from '@/features/profile/profile-api';
import en from '@/locales/en/errors.json';
import ru from '@/locales/ru/errors.json';
import { server } from '../../tests/web/msw';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: { code: string; message: string }) => err,
  );

describe('answers the app cannot use', () => {
  it("an event answer without an id is 'bad response'; no id to ask for is 'id not specified'", async () => {
    server.use(http.get('/app/api/v1/event/7/', () => HttpResponse.json({ event_name: 'Trip' })));
    expect(await failure(eventsApi.get(7, { kind: 'event' }))).toMatchObject({ code: 'bad_response', message: 'bad response' });
    expect(await failure(eventsApi.get(0, { kind: 'event' }))).toMatchObject({ code: 'id_not_specified', message: 'id not specified' });
  });

  it("an events answer that is not a list is 'empty events'", async () => {
    server.use(http.get('/app/api/v1/event/', () => HttpResponse.json({ objects: [] })));
    expect(await failure(eventsApi.list())).toMatchObject({ code: 'empty_events', message: 'empty events' });
  });

  it("a profile answer without a user is 'Invalid credentials'", async () => {
    server.use(http.get('/app/api/v1/user/me/', () => HttpResponse.json({ full_name: 'Anna' })));
    expect(await failure(profileApi.me())).toMatchObject({ code: 'invalid_credentials', message: 'Invalid credentials' });
  });

  it("expenses without an event are 'id not specified in expenses'", async () => {
    // Every expenses read (My share's figures, a day's operations) builds its query here.
    expect(() => expensesQuery(0, {})).toThrow(expect.objectContaining({ code: 'id_not_specified_in_expenses', message: 'id not specified in expenses' }));
  });

  it('has every one of these messages in English and Russian', () => {
    const codes = [
      'id_not_specified',
      'bad_response',
      'empty_events',
      'invalid_credentials',
      'id_not_specified_in_expenses',
      'delete_transaction_failed',
      'add_transaction_failed',
    ] as const;
    for (const code of codes) {
      expect(en[code]).toBeTruthy();
      expect(ru[code]).toBeTruthy();
      expect(ru[code]).not.toBe(en[code]);
    }
    expect(en.delete_transaction_failed).toBe('failed to delete transaction: {{message}}');
    expect(en.add_transaction_failed).toBe('error in addTransaction action');
  });
});
