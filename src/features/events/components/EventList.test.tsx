import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../../../../tests/web/intersection-observer';
import { mockWindowWidth } from '../../../../tests/web/match-media';
import { resetObservers } from '@/lib/observe';
import { LIST_STEP } from './EventList';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { errorAnswer, eventsServer, listAnswer, makeEvent, participant, people, quietTabs, signedIn } from '../test-fixtures';

const spaces = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  signedIn();
  quietTabs();
});

describe('the events list', () => {
  it('shows skeleton rows while loading, then the events; success comes 500 ms after the data (§4)', async () => {
    let answeredAt = 0;
    server.use(
      http.get('/app/api/v1/event/', async () => {
        await delay(150);
        answeredAt = Date.now();
        return listAnswer([makeEvent({ id: 5, event_name: 'Trip to Sochi' })]);
      }),
    );
    renderApp('/events');
    expect(await screen.findByTestId('events-skeleton')).toBeInTheDocument();
    const list = document.querySelector('[data-tour="events-list"]')!;
    await screen.findByText('Trip to Sochi');
    expect(list).toHaveAttribute('data-status', 'loading');
    expect(list).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(list).toHaveAttribute('data-status', 'success'), { timeout: 2000 });
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(500);
    expect(list).toHaveAttribute('aria-busy', 'false');
  });

  it('says there are no events yet and offers to create one', async () => {
    eventsServer([]);
    renderApp('/events');
    expect(await screen.findByText(/No events yet/)).toBeInTheDocument();
    // One button to do it, not two on an empty screen.
    expect(screen.getAllByRole('button', { name: 'Create event' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByRole('dialog', { name: 'New event' })).toBeInTheDocument();
  });

  it('shows an error with Retry, and Retry loads the list', async () => {
    let calls = 0;
    server.use(
      http.get('/app/api/v1/event/', () => {
        calls += 1;
        return calls === 1 ? errorAnswer('internal', 'boom', 500) : listAnswer([makeEvent({ id: 5, event_name: 'Dacha' })]);
      }),
    );
    renderApp('/events');
    expect(await screen.findByText('The events could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Dacha')).toBeInTheDocument();
    expect(screen.queryByText('The events could not be loaded.')).not.toBeInTheDocument();
  });

  it("names a dialogue after the other person, not the event's own name, and shows their picture", async () => {
    const boris = participant(people.boris, 2, 0, { avatar_url: '/app/img/abc/{size}.webp' });
    eventsServer([makeEvent({ id: 9, event_name: '', quasi_event_name: 'Boris Ivanov', image_url: null, contacts: [participant(people.me, 1), boris] })]);
    renderApp('/events');
    const row = await screen.findByTestId('event-row-9');
    expect(within(row).getByText('Boris Ivanov')).toBeInTheDocument();
    expect(within(row).getByText('Dialogue')).toBeInTheDocument();
    // Boris's avatar, not his initials.
    expect(row.querySelector('img')?.getAttribute('src')).toMatch(/^\/app\/img\/abc\//);
  });

  it('shows my balance with words, sign and colour: owed, owing, settled', async () => {
    eventsServer([
      makeEvent({ id: 1, event_name: 'Owed', contacts: [participant(people.me, 1, 1200.5), participant(people.boris, 2, -1200.5)] }),
      makeEvent({ id: 2, event_name: 'Owing', contacts: [participant(people.me, 1, -300), participant(people.boris, 2, 300)] }),
      makeEvent({ id: 3, event_name: 'Even' }),
    ]);
    renderApp('/events');
    const owed = within(await screen.findByTestId('event-row-1')).getByText(/You are owed/);
    expect(owed).toHaveAttribute('data-balance', 'accrual');
    expect(spaces(owed.textContent)).toBe('You are owed 1 200,50 ₽');
    const owing = within(screen.getByTestId('event-row-2')).getByText(/You owe/);
    expect(owing).toHaveAttribute('data-balance', 'debit');
    expect(spaces(owing.textContent)).toBe('You owe 300,00 ₽');
    const even = within(screen.getByTestId('event-row-3')).getByText('You are settled up');
    expect(even).toHaveAttribute('data-balance', 'neutral');
    // The colour comes from the balance type, so the three differ.
    expect(owed.className).not.toBe(owing.className);
    expect(owing.className).not.toBe(even.className);
  });

  it('writes balances, unread counts and last activity in Russian', async () => {
    const hourAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    eventsServer([
      makeEvent({
        id: 1,
        event_name: 'Дача',
        unread_cnt: 3,
        last_activity: hourAgo,
        contacts: [participant(people.me, 1, 1200.5), participant(people.boris, 2, -1200.5)],
      }),
    ]);
    renderApp('/events', { language: 'ru' });
    const row = await screen.findByTestId('event-row-1');
    expect(spaces(within(row).getByText(/Вам должны/).textContent)).toBe('Вам должны 1 200,50 ₽');
    expect(within(row).getByTestId('unread-badge')).toHaveAccessibleName('3 непрочитанные операции');
    expect(within(row).getByText('3 часа назад')).toBeInTheDocument();
  });

  it('shows an event whose figures could not be worked out as such, and the rest of the list as usual', async () => {
    eventsServer([
      makeEvent({ id: 1, event_name: 'Broken', payout: 0, unavailable: true }),
      makeEvent({ id: 2, event_name: 'Fine', contacts: [participant(people.me, 1, 50), participant(people.boris, 2, -50)] }),
    ]);
    renderApp('/events');
    const broken = await screen.findByTestId('event-row-1');
    expect(within(broken).getByText('Broken')).toBeInTheDocument();
    expect(within(broken).getByTestId('event-unavailable')).toHaveTextContent('Balance unavailable');
    expect(within(broken).queryByText(/settled up|owe/i)).not.toBeInTheDocument();
    expect(spaces(within(screen.getByTestId('event-row-2')).getByText(/owed/).textContent)).toBe('You are owed 50,00 ₽');
    expect(screen.queryByText('The events could not be loaded.')).not.toBeInTheDocument();
  });

  it('says so in Russian too', async () => {
    eventsServer([makeEvent({ id: 1, event_name: 'Сломанное', payout: 0, unavailable: true })]);
    renderApp('/events', { language: 'ru' });
    const row = await screen.findByTestId('event-row-1');
    expect(within(row).getByTestId('event-unavailable')).toHaveTextContent('Баланс недоступен');
  });

  it('labels the unread badge with an English plural and hides it at zero', async () => {
    eventsServer([makeEvent({ id: 1, event_name: 'One', unread_cnt: 1 }), makeEvent({ id: 2, event_name: 'None', unread_cnt: 0 })]);
    renderApp('/events');
    expect(within(await screen.findByTestId('event-row-1')).getByTestId('unread-badge')).toHaveAccessibleName('1 unread operation');
    expect(within(screen.getByTestId('event-row-2')).queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('keeps the open tab when another event is chosen', async () => {
    eventsServer([makeEvent({ id: 1, event_name: 'First' }), makeEvent({ id: 2, event_name: 'Second' })]);
    const { router } = renderApp('/events/1/debts');
    expect(await screen.findByRole('heading', { name: 'First' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('event-row-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/2/debts'));
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByTestId('event-row-2')).toHaveAttribute('aria-current', 'page');
  });

  describe('with many events', () => {
    const many = Array.from({ length: 2 * LIST_STEP + 7 }, (_, i) => makeEvent({ id: i + 1, event_name: `Trip ${i + 1}` }));
    const drawn = () => document.querySelectorAll('[data-testid^="event-row-"]').length;

    it('draws them a step at a time as the end of the list nears, or on a press', async () => {
      const io = stubIntersectionObserver({ reset: resetObservers });
      try {
        eventsServer(many);
        renderApp('/events');
        await screen.findByTestId('event-row-1');
        expect(drawn()).toBe(LIST_STEP);
        expect(io.observed(screen.getByTestId('events-more'))).toBe(true);
        io.show(screen.getByTestId('events-more'));
        await waitFor(() => expect(drawn()).toBe(2 * LIST_STEP));
        await userEvent.click(screen.getByRole('button', { name: 'Show more events' }));
        await waitFor(() => expect(drawn()).toBe(many.length));
        expect(screen.queryByTestId('events-more')).not.toBeInTheDocument();
      } finally {
        io.restore();
      }
    });

    it('says it in Russian too', async () => {
      const io = stubIntersectionObserver({ reset: resetObservers });
      try {
        eventsServer(many);
        renderApp('/events', { language: 'ru' });
        expect(await screen.findByRole('button', { name: 'Показать ещё события' })).toBeInTheDocument();
      } finally {
        io.restore();
      }
    });
  });

  describe('beside an open event', () => {
    afterEach(() => vi.unstubAllGlobals());
    const events = [makeEvent({ id: 5, event_name: 'Trip to Sochi' }), makeEvent({ id: 6, event_name: 'Dacha' })];

    it('is hidden on a phone, whose screen the event takes alone, and shown as the screen widens', async () => {
      const media = mockWindowWidth(390);
      eventsServer(events);
      renderApp('/events/5');
      // With the list and its heading hidden, the event's name is the page's main heading.
      expect(await screen.findByRole('heading', { level: 1, name: 'Trip to Sochi' })).toBeInTheDocument();
      // Drawn in the background, kept hidden by React (the stylesheet's rule does not apply here).
      const row = await screen.findByTestId('event-row-6');
      expect(row).not.toBeVisible();
      act(() => media.resize(1280));
      await waitFor(() => expect(row).toBeVisible());
      expect(row).toHaveTextContent('Dacha');
      expect(screen.getByRole('heading', { level: 2, name: 'Trip to Sochi' })).toBeInTheDocument();
    });
  });
});
