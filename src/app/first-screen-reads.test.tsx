import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../tests/web/msw';
import { renderApp } from '../../tests/web/render';
import { eventsServer, makeEvent, participant, people, quietTabs, signedIn } from '@/features/events/test-fixtures';
import { beginFirstScreenReads } from './first-screen-reads';

/** Every read of the event screens' paths the server was asked, as path and query. */
function readsAsked(): string[] {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && /^\/app\/api\/v1\/(event|operation)\//.test(url.pathname)) asked.push(url.pathname + url.search);
  });
  return asked;
}

const trip = () => makeEvent({ id: 5, event_name: 'Trip', contacts: [participant(people.me, 1, 1500), participant(people.boris, 2, -1500)] });

describe('the reads begun with the app', () => {
  beforeEach(() => {
    signedIn();
    quietTabs();
    eventsServer([trip()]);
    return () => server.events.removeAllListeners();
  });

  it('are the events screen’s own: it takes each of them and asks the server for none again', async () => {
    const asked = readsAsked();
    beginFirstScreenReads('/events/5', '', null);
    renderApp('/events/5');
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument();
    expect(await screen.findByText(/No operations yet/)).toBeInTheDocument();
    await waitFor(() => expect(asked.sort()).toEqual(['/app/api/v1/event/', '/app/api/v1/event/5/', '/app/api/v1/operation/?event=5&page=1']));
  });

  it('are in the display currency the rates window keeps, as the screen’s are', async () => {
    localStorage.setItem('display_currency', 'EUR');
    const asked = readsAsked();
    beginFirstScreenReads('/events/5/transactions', '', 'EUR');
    renderApp('/events/5/transactions');
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument();
    expect(await screen.findByText(/No operations yet/)).toBeInTheDocument();
    await waitFor(() =>
      expect(asked.sort()).toEqual(['/app/api/v1/event/5/?currency=EUR', '/app/api/v1/event/?currency=EUR', '/app/api/v1/operation/?event=5&page=1&currency=EUR']),
    );
  });

  it('leave the feed to the screen on another tab, or where the address filters it', async () => {
    const asked = readsAsked();
    beginFirstScreenReads('/events/5/debts', '', null);
    beginFirstScreenReads('/events/6', '?kind=deposit', null);
    await waitFor(() => expect(asked.sort()).toEqual(['/app/api/v1/event/', '/app/api/v1/event/5/', '/app/api/v1/event/6/']));
  });

  it('are none away from the events screens', async () => {
    const asked = readsAsked();
    beginFirstScreenReads('/people', '', null);
    beginFirstScreenReads('/faq', '', null);
    beginFirstScreenReads('/events/abc', '', null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });
});
