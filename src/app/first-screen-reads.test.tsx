import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../tests/web/msw';
import { renderApp } from '../../tests/web/render';
import { eventsServer, makeEvent, participant, people, quietTabs, signedIn } from '@/features/events/test-fixtures';
import { aPerson, aPersonResponse, json, signedIn as signedInToPeople } from '@/features/people/test-fixtures';
import { utcOffsetMinutes } from '@/lib/utc-offset';
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

// readsAsked's listeners, whether the test passed or not.
afterEach(() => server.events.removeAllListeners());

const trip = () => makeEvent({ id: 5, event_name: 'Trip', contacts: [participant(people.me, 1, 1500), participant(people.boris, 2, -1500)] });

/**
 * Begins the reads for `path`, expects exactly `reads` on their way before anything is drawn, then
 * draws the screen and expects no more: the screen took each answer instead of asking again.
 */
async function opensWithItsReadsBegun(path: string, displayCurrency: string | null, reads: string[], drawn: () => Promise<unknown>) {
  const asked = readsAsked();
  const [pathname, search = ''] = path.split(/(?=\?)/);
  beginFirstScreenReads(pathname!, search, displayCurrency);
  await waitFor(() => expect([...asked].sort()).toEqual([...reads].sort()));
  renderApp(path);
  await drawn();
  expect([...asked].sort()).toEqual([...reads].sort());
}

describe('the reads begun with the app', () => {
  beforeEach(() => {
    signedIn();
    quietTabs();
    eventsServer([trip()]);
  });

  it('are the events screen’s own: it takes each of them and asks the server for none again', async () => {
    await opensWithItsReadsBegun('/events/5', null, ['/app/api/v1/event/', '/app/api/v1/event/5/', '/app/api/v1/operation/?event=5&page=1'], async () => {
      expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument();
      expect(await screen.findByText(/No operations yet/)).toBeInTheDocument();
    });
  });

  it('are in the display currency the rates window keeps, as the screen’s are', async () => {
    localStorage.setItem('display_currency', 'EUR');
    const reads = ['/app/api/v1/event/5/?currency=EUR', '/app/api/v1/event/?currency=EUR', '/app/api/v1/operation/?event=5&page=1&currency=EUR'];
    await opensWithItsReadsBegun('/events/5/transactions', 'EUR', reads, async () => {
      expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument();
      expect(await screen.findByText(/No operations yet/)).toBeInTheDocument();
    });
  });

  it('leave the feed to the screen where the address filters it', async () => {
    const asked = readsAsked();
    beginFirstScreenReads('/events/6', '?kind=deposit', null);
    await waitFor(() => expect(asked.sort()).toEqual(['/app/api/v1/event/', '/app/api/v1/event/6/']));
  });

  it('are My share’s own on its tab: the summary for me alone', async () => {
    const summary = `/app/api/v1/operation/expenses/?event=5&utc_offset=${utcOffsetMinutes()}&summary=true`;
    await opensWithItsReadsBegun('/events/5/my-share', null, ['/app/api/v1/event/', '/app/api/v1/event/5/', summary], () =>
      screen.findByTestId('share-total', {}, { timeout: 5000 }),
    );
  });

  it('are the settle-up plan’s own on the debts tab', async () => {
    localStorage.setItem('display_currency', 'EUR');
    const reads = ['/app/api/v1/event/?currency=EUR', '/app/api/v1/event/5/?currency=EUR', '/app/api/v1/event/5/payout/?currency=EUR'];
    await opensWithItsReadsBegun('/events/5/debts', 'EUR', reads, () => screen.findByTestId('settled', {}, { timeout: 5000 }));
  });

  it('are none away from the screens that read an event or people', async () => {
    const asked = readsAsked();
    beginFirstScreenReads('/faq', '', null);
    beginFirstScreenReads('/events/abc', '', null);
    beginFirstScreenReads('/people/abc', '', null);
    beginFirstScreenReads('/people/0', '', null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });
});

describe('the reads begun with the People screen', () => {
  it('are the list’s and the open person’s own', async () => {
    const boris = aPerson(8, 'Boris Ivanov');
    signedInToPeople([boris]);
    server.use(http.get('/app/api/v1/event/people/8/', () => json(aPersonResponse(boris))));
    await opensWithItsReadsBegun('/people/8', null, ['/app/api/v1/event/people/?page=1', '/app/api/v1/event/people/8/'], async () => {
      const pane = await screen.findByTestId('person', {}, { timeout: 5000 });
      expect(within(pane).getByRole('heading', { name: 'Boris Ivanov' })).toBeInTheDocument();
      expect(await screen.findByTestId('person-link-8')).toBeInTheDocument();
    });
  });
});
