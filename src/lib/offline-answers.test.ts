import 'fake-indexeddb/auto';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../tests/web/msw';
import { api } from './api-client';
import { forgetAnswers } from './offline-answers';
import { publicConfig } from './public-config';
import { offlineStatus } from './offline-status';
import { tokenStorage } from './storage';

/** Waits for the answer to be written: the client keeps it without holding the caller up. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('reads with no connection', () => {
  beforeEach(async () => {
    await forgetAnswers();
    offlineStatus.reachedServer();
    tokenStorage.set('anna-token', true);
  });

  it('answer what the server last said, for this session only, and say from when', async () => {
    server.use(mswHttp.get('/app/api/v1/event/3/', () => HttpResponse.json({ id: 3, event_name: 'Hike' })));
    expect(await api.get('/event/3/', { currency: 'EUR' })).toEqual({ id: 3, event_name: 'Hike' });
    expect(offlineStatus.get()).toBeNull();
    await settle();

    server.use(mswHttp.get('/app/api/v1/event/3/', () => HttpResponse.error()));
    expect(await api.get('/event/3/', { currency: 'EUR' })).toEqual({ id: 3, event_name: 'Hike' });
    expect(offlineStatus.get()).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    // Another display currency is another answer, never this one.
    await expect(api.get('/event/3/', { currency: 'USD' })).rejects.toMatchObject({ code: 'network' });

    // Someone else signed in on this device does not read Anna's.
    tokenStorage.set('boris-token', true);
    await expect(api.get('/event/3/', { currency: 'EUR' })).rejects.toMatchObject({ code: 'network' });

    // A server answer again: the screens are no longer offline.
    server.use(mswHttp.get('/app/api/v1/event/3/', () => HttpResponse.json({ id: 3, event_name: 'Hike!' })));
    await api.get('/event/3/', { currency: 'EUR' });
    expect(offlineStatus.get()).toBeNull();
  });

  it('are forgotten on signing out, and never stand in for a refusal', async () => {
    server.use(mswHttp.get('/app/api/v1/event/4/', () => HttpResponse.json({ id: 4 })));
    await api.get('/event/4/');
    await settle();
    server.use(mswHttp.get('/app/api/v1/event/4/', () => HttpResponse.json({ error: 'Not found', code: 'not_found' }, { status: 404 })));
    await expect(api.get('/event/4/')).rejects.toMatchObject({ code: 'not_found', status: 404 });

    tokenStorage.clear();
    await settle();
    tokenStorage.set('anna-token', true);
    server.use(mswHttp.get('/app/api/v1/event/4/', () => HttpResponse.error()));
    await expect(api.get('/event/4/')).rejects.toMatchObject({ code: 'network' });
  });

  it('stay owned up to when the app’s settings arrive, which the browser may answer from its cache', async () => {
    server.use(mswHttp.get('/app/api/v1/event/5/', () => HttpResponse.json({ id: 5 })));
    await api.get('/event/5/');
    await settle();
    server.use(
      mswHttp.get('/app/api/v1/event/5/', () => HttpResponse.error()),
      mswHttp.get('/app/api/v1/config/', () => HttpResponse.json({ support_email: '' })),
    );
    await api.get('/event/5/');
    expect(offlineStatus.get()).not.toBeNull();
    expect(await publicConfig()).toEqual({ support_email: '' });
    expect(offlineStatus.get()).not.toBeNull();
  });
});
