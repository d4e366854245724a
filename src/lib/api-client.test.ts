import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@common/errors';
import { server } from '../../tests/web/msw';
import axios from 'axios';
import { api, apiClient, apiPath, setUnauthorizedHandler } from './api-client';
import { tokenStorage } from './storage';

describe('the API client', () => {
  it('inserts /v1 unless the path names v2 (specification §7)', () => {
    expect(apiPath('/user/me/')).toBe('/app/api/v1/user/me/');
    expect(apiPath('/v2/auth/login/')).toBe('/app/api/v2/auth/login/');
    expect(apiPath('event/3/payout/')).toBe('/app/api/v1/event/3/payout/');
  });

  it('is one axios instance for /app/api, with the token and the path rule as interceptors', async () => {
    const client = await apiClient();
    expect(Object.getPrototypeOf(client)).toBe(Object.getPrototypeOf(axios.create()));
    expect(client.defaults.baseURL).toBe('/app/api');
    tokenStorage.set('tok-2', true);
    let seen: { url: string; auth: string | null } | null = null;
    server.use(
      mswHttp.get('/app/api/v1/currency/', ({ request }) => {
        seen = { url: new URL(request.url).pathname, auth: request.headers.get('authorization') };
        return HttpResponse.json({ ok: true });
      }),
    );
    // The instance itself, not only the helpers, applies the rules.
    await client.get('/currency/');
    expect(seen).toEqual({ url: '/app/api/v1/currency/', auth: 'Bearer tok-2' });
  });

  it('sends a request at once, without waiting on the browser’s cookie store for an XSRF cookie', async () => {
    // A Cookie Store that never answers: a request that waits on it is never sent.
    const get = vi.fn(() => new Promise<never>(() => undefined));
    Object.defineProperty(window, 'cookieStore', { value: { get }, configurable: true });
    try {
      server.use(mswHttp.get('/app/api/v1/currency/', () => HttpResponse.json({ ok: true })));
      await expect(api.get('/currency/')).resolves.toEqual({ ok: true });
      expect(get).not.toHaveBeenCalled();
    } finally {
      delete (window as { cookieStore?: unknown }).cookieStore;
    }
  });

  it('sends the stored token in the Authorization header', async () => {
    tokenStorage.set('tok-1', true);
    let seen: string | null = null;
    server.use(
      mswHttp.get('/app/api/v1/user/me/', ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json({ user: 1 });
      }),
    );
    await api.get('/user/me/');
    expect(seen).toBe('Bearer tok-1');
  });

  it('turns an error body into a serialisable error with its code', async () => {
    server.use(
      mswHttp.post('/app/api/v2/auth/login/', () =>
        HttpResponse.json({ error: 'The phone number or password you entered is incorrect.', code: 'login_failed' }, { status: 401 }),
      ),
    );
    await expect(api.post('/v2/auth/login/', {})).rejects.toEqual({
      message: 'The phone number or password you entered is incorrect.',
      code: 'login_failed',
      status: 401,
    });
  });

  it('reads the phone field when the server names the phone as the problem', async () => {
    server.use(mswHttp.post('/app/api/v2/auth/code/', () => HttpResponse.json({ phone: 'phone incorrect' }, { status: 400 })));
    await expect(api.post('/v2/auth/code/', {})).rejects.toMatchObject({ message: 'phone incorrect', field: 'phone' });
  });

  it("reports an empty success body as 'empty response'", async () => {
    server.use(mswHttp.get('/app/api/v1/event/', () => new HttpResponse(null, { status: 200 })));
    await expect(api.get('/event/')).rejects.toMatchObject({ message: 'empty response', code: 'empty_response' });
  });

  it('calls the logout handler on a 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json({ error: 'x', code: 'unauthorized' }, { status: 401 })));
    await expect(api.get('/user/me/')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(null);
  });

  it('marks an aborted request so callers can ignore it', async () => {
    server.use(mswHttp.get('/app/api/v1/event/', () => HttpResponse.json({})));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/event/', undefined, controller.signal)).rejects.toMatchObject({ code: 'aborted' });
  });

  it('reports a failed network as such, not as a server error', async () => {
    server.use(mswHttp.get('/app/api/v1/event/', () => HttpResponse.error()));
    await expect(api.get('/event/')).rejects.toEqual({ message: ERROR_MESSAGES.internal, code: 'network', status: 0 });
  });

  it('sends query parameters as strings, leaving out absent ones', async () => {
    let search = '';
    server.use(
      mswHttp.get('/app/api/v1/operation/', ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json([]);
      }),
    );
    await api.get('/operation/', { event: 3, page: 1, currency: undefined, deleted: null, all: true });
    expect(search).toBe('?event=3&page=1&all=true');
  });

  it('sends a JSON body with its content type, and no content type without a body', async () => {
    const seen: { type: string | null; body: string }[] = [];
    server.use(
      mswHttp.post('/app/api/v1/account/logout/', async ({ request }) => {
        seen.push({ type: request.headers.get('content-type'), body: await request.text() });
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.post('/account/logout/');
    await api.post('/account/logout/', { all: true });
    expect(seen).toEqual([
      { type: null, body: '' },
      { type: 'application/json', body: '{"all":true}' },
    ]);
  });

  it('turns a 5xx without a JSON body into an internal error', async () => {
    server.use(mswHttp.get('/app/api/v1/event/', () => new HttpResponse('Bad Gateway', { status: 502 })));
    await expect(api.get('/event/')).rejects.toMatchObject({ code: 'internal', status: 502 });
  });
});
