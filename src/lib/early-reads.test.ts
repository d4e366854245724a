import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../tests/web/msw';
import { api, readEarly } from './api-client';
import { EARLY_READ_MS } from './early-reads';
import { tokenStorage } from './storage';

/** A server that counts the reads of one path and answers each with its number. */
function countedReads(path: string) {
  const asked: string[] = [];
  server.use(
    http.get(`/app/api/v1${path}`, ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json({ n: asked.length });
    }),
    http.post(`/app/api/v1${path}`, () => HttpResponse.json({ ok: true })),
  );
  return asked;
}

describe('reads begun early', () => {
  afterEach(() => vi.useRealTimers());

  it('are taken by the same call, parameters in any order, once', async () => {
    tokenStorage.set('tok', true);
    const asked = countedReads('/event/');
    readEarly('/event/', { currency: 'EUR', deleted: undefined, page: 1 });
    expect(await api.get('/event/', { page: 1, currency: 'EUR' })).toEqual({ n: 1 });
    expect(asked).toEqual(['?currency=EUR&page=1']);
    // Taken once: the next call asks the server.
    expect(await api.get('/event/', { page: 1, currency: 'EUR' })).toEqual({ n: 2 });
  });

  it('are not taken by a call with other parameters', async () => {
    tokenStorage.set('tok', true);
    const asked = countedReads('/event/');
    readEarly('/event/', { currency: 'EUR' });
    expect(await api.get('/event/')).toEqual({ n: 2 });
    expect(asked.sort()).toEqual(['', '?currency=EUR']);
  });

  it('are forgotten by any write, so nothing read before a change is shown after it', async () => {
    tokenStorage.set('tok', true);
    const asked = countedReads('/event/');
    readEarly('/event/');
    await api.post('/event/', { name: 'x' });
    await api.get('/event/');
    expect(asked).toHaveLength(2);
  });

  it('are not handed to another user', async () => {
    tokenStorage.set('first', true);
    const asked = countedReads('/event/');
    readEarly('/event/');
    tokenStorage.set('second', true);
    await api.get('/event/');
    expect(asked).toHaveLength(2);
  });

  it('are not begun for nobody signed in', async () => {
    const asked = countedReads('/event/');
    readEarly('/event/');
    tokenStorage.set('tok', true);
    expect(await api.get('/event/')).toEqual({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toHaveLength(1);
  });

  it(`are not taken more than ${EARLY_READ_MS / 1000} s after they began`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    tokenStorage.set('tok', true);
    const asked = countedReads('/event/');
    readEarly('/event/');
    vi.setSystemTime(Date.now() + EARLY_READ_MS);
    await api.get('/event/');
    expect(asked).toHaveLength(2);
  });

  it('give up as a call of their own would when the caller aborts', async () => {
    tokenStorage.set('tok', true);
    countedReads('/event/');
    readEarly('/event/');
    const caller = new AbortController();
    const answer = api.get('/event/', undefined, caller.signal);
    caller.abort();
    await expect(answer).rejects.toMatchObject({ code: 'aborted' });
  });

  it('hand over a failure as it came', async () => {
    tokenStorage.set('tok', true);
    server.use(http.get('/app/api/v1/event/', () => HttpResponse.json({ error: 'Not found', code: 'not_found' }, { status: 404 })));
    readEarly('/event/');
    await expect(api.get('/event/')).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });
});
