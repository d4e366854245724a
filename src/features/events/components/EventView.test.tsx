import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '@common/contract/events';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { eventAnswer, eventsServer, errorAnswer, listAnswer, makeEvent, participant, people, quietTabs, signedIn } from '../test-fixtures';
import { makeStore } from '@/app/store';
import { eventsQueries } from '../events-queries';
import { eventSeen } from '../events-slice';
import { selectEventsList } from '../selectors';

const spaces = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  signedIn();
  quietTabs();
});

const trip = (overrides: Partial<Event> = {}) =>
  makeEvent({ id: 5, event_name: 'Trip', contacts: [participant(people.me, 1, 1500), participant(people.boris, 2, -1500)], ...overrides });

describe('the open event', () => {
  it('shows the header, the three tabs as links and the tab page', async () => {
    eventsServer([trip()]);
    renderApp('/events/5');
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Event sections' }));
    // At /events/5 the default tab is current.
    expect(tabs.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(tabs.getByRole('link', { name: 'Debts' }));
    await waitFor(() => expect(tabs.getByRole('link', { name: 'Debts' })).toHaveAttribute('aria-current', 'page'));
    expect(tabs.getByRole('link', { name: 'Transactions' })).toHaveAttribute('href', '/events/5/transactions');
    expect(tabs.getByRole('link', { name: 'Transactions' })).not.toHaveAttribute('aria-current');
    expect(tabs.getByRole('link', { name: 'My share' })).toHaveAttribute('href', '/events/5/my-share');
    expect(tabs.getByRole('link', { name: 'Debts' })).toHaveAttribute('href', '/events/5/debts');
    expect(spaces(within(screen.getByTestId('event-header')).getByText(/You are owed/).textContent)).toBe('You are owed 1 500,00 ₽');
  });

  it('says so when the event does not exist or is not mine, with a way back', async () => {
    eventsServer([]);
    renderApp('/events/77/debts');
    expect(await screen.findByText('There is no such event, or you are not one of its participants.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to events' })[0]).toHaveAttribute('href', '/events');
  });

  it('offers Retry when the event fails to load', async () => {
    let calls = 0;
    eventsServer([]);
    server.use(http.get('/app/api/v1/event/:id/', () => (++calls === 1 ? errorAnswer('internal', 'x', 500) : eventAnswer(trip()))));
    renderApp('/events/5');
    expect(await screen.findByText('The event could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument();
  });

  it('shows a dialogue under the other person’s name, without rename', async () => {
    eventsServer([makeEvent({ id: 6, event_name: '', quasi_event_name: 'Boris Ivanov' })]);
    renderApp('/events/6/transactions');
    expect(await screen.findByRole('heading', { name: 'Boris Ivanov' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
  });

  it("renames the event, refusing an empty name with 'event name required'", async () => {
    const bodies: unknown[] = [];
    eventsServer([trip()]);
    server.use(
      http.put('/app/api/v1/event/:id/', async ({ request }) => {
        bodies.push(await request.json());
        return eventAnswer(trip({ event_name: 'Sochi' }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/events/5');
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Event name');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('event name required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(field, ' Sochi ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Sochi' })).toBeInTheDocument();
    expect(bodies).toEqual([{ data: { event_name: 'Sochi' } }]);
  });
});

describe('display currency and event currency', () => {
  it('folds the two currency selects behind one line that says both, opening and closing them (phones show only the line)', async () => {
    eventsServer([trip()]);
    renderApp('/events/5', { language: 'ru' });
    const toggle = await screen.findByTestId('currencies-toggle', {}, { timeout: 5000 });
    expect(toggle).toHaveTextContent('RUB · показ в RUB');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const controls = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(controls).toContainElement(screen.getByTestId('display-currency'));
    expect(controls).not.toHaveAttribute('data-open');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(controls).toHaveAttribute('data-open');
    await userEvent.click(toggle);
    expect(controls).not.toHaveAttribute('data-open');
  });

  it('converts everything into a chosen currency, marked approximate', async () => {
    const asked: string[] = [];
    eventsServer([trip()]);
    server.use(
      http.get('/app/api/v1/event/:id/', ({ request }) => {
        const currency = new URL(request.url).searchParams.get('currency');
        asked.push(currency ?? '');
        return eventAnswer(
          currency === 'USD'
            ? trip({ currency: 'USD', approximate: true, contacts: [participant(people.me, 1, 16.4), participant(people.boris, 2, -16.4)] })
            : trip(),
        );
      }),
    );
    renderApp('/events/5');
    await screen.findByRole('heading', { name: 'Trip' });
    expect(screen.queryByTestId('approximate')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByTestId('display-currency'), 'USD');
    expect(await screen.findByTestId('approximate')).toHaveTextContent('≈ Approximate');
    expect(asked).toContain('USD');
    const balance = within(screen.getByTestId('event-header')).getByText(/You are owed/);
    expect(spaces(balance.textContent)).toBe('You are owed ≈16,40 $');
    // The participants' balances are converted too.
    expect(spaces(screen.getByTestId('participant-2').textContent)).toContain('owes ≈16,40 $');
  });

  it('keeps the figures on screen while the event is read in a newly chosen currency', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    eventsServer([trip()]);
    server.use(
      http.get('/app/api/v1/event/:id/', async ({ request }) => {
        if (new URL(request.url).searchParams.get('currency') !== 'USD') return eventAnswer(trip());
        await released;
        return eventAnswer(trip({ currency: 'USD', approximate: true, contacts: [participant(people.me, 1, 16.4), participant(people.boris, 2, -16.4)] }));
      }),
    );
    renderApp('/events/5');
    await screen.findByRole('heading', { name: 'Trip' });
    const owed = () => spaces(within(screen.getByTestId('event-header')).getByText(/You are owed/).textContent);
    expect(owed()).toBe('You are owed 1 500,00 ₽');
    await userEvent.selectOptions(screen.getByTestId('display-currency'), 'USD');
    await delay(100);
    // The ruble figures stay, with the frame and its tabs, until the dollar ones come.
    expect(owed()).toBe('You are owed 1 500,00 ₽');
    expect(screen.getByRole('heading', { name: 'Trip' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(owed()).toBe('You are owed ≈16,40 $'));
  });

  it("shows amounts as entered with 'As entered' (GET …/original/)", async () => {
    let original = 0;
    eventsServer([trip()]);
    server.use(http.get('/app/api/v1/event/:id/original/', () => ((original += 1), eventAnswer(trip({ original: true })))));
    renderApp('/events/5');
    await screen.findByRole('heading', { name: 'Trip' });
    await userEvent.selectOptions(screen.getByTestId('display-currency'), 'original');
    await waitFor(() => expect(original).toBe(1));
    expect(await screen.findByText('Each amount is shown in the currency it was entered in.')).toBeInTheDocument();
  });

  it("switching the event currency saves it and sets 'original' mode (§4)", async () => {
    const bodies: unknown[] = [];
    let original = 0;
    eventsServer([trip()]);
    server.use(
      http.put('/app/api/v1/event/:id/', async ({ request }) => {
        bodies.push(await request.json());
        return eventAnswer(trip({ eventCurrency: 'EUR', currency: 'EUR' }));
      }),
      http.get('/app/api/v1/event/:id/original/', () => ((original += 1), eventAnswer(trip({ eventCurrency: 'EUR', currency: 'EUR', original: true })))),
    );
    renderApp('/events/5');
    await screen.findByRole('heading', { name: 'Trip' });
    await userEvent.selectOptions(screen.getByTestId('event-currency'), 'EUR');
    await waitFor(() => expect(bodies).toEqual([{ data: { eventCurrency: 'EUR' } }]));
    await waitFor(() => expect(original).toBeGreaterThanOrEqual(1));
    expect(screen.getByTestId('display-currency')).toHaveValue('original');
    expect(screen.getByTestId('event-currency')).toHaveValue('EUR');
  });

  it('lets only the owner change the event currency', async () => {
    eventsServer([trip({ owner: 2, isUserOwner: false })]);
    renderApp('/events/5');
    await screen.findByRole('heading', { name: 'Trip' });
    expect(screen.queryByTestId('event-currency')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-event')).not.toBeInTheDocument();
  });

  it('offers its owner no way to leave it', async () => {
    eventsServer([trip()]);
    renderApp('/events/5');
    await screen.findByRole('heading', { name: 'Trip' });
    expect(screen.getByTestId('delete-event')).toBeInTheDocument();
    expect(screen.queryByTestId('leave-event')).not.toBeInTheDocument();
  });
});

describe('deleting an event', () => {
  it('deletes softly, offers Undo, and Undo restores it', async () => {
    const bodies: unknown[] = [];
    let events: Event[] = [trip(), makeEvent({ id: 6, event_name: 'Dacha' })];
    server.use(
      http.get('/app/api/v1/event/', () => listAnswer(events)),
      http.get('/app/api/v1/event/:id/', ({ params }) => eventAnswer(events.find((e) => e.id === Number(params.id)) ?? trip())),
      http.put('/app/api/v1/event/:id/', async ({ request }) => {
        const body = (await request.json()) as { del_date: unknown };
        bodies.push(body);
        const deleted = body.del_date !== false;
        events = deleted ? events.filter((e) => e.id !== 5) : [trip(), ...events];
        return eventAnswer(trip({ del_date: deleted ? '2025-03-01T12:00:00.000Z' : null }));
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/events/5/debts');
    await user.click(await screen.findByTestId('delete-event'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(bodies).toEqual([{ del_date: null }]);
    expect(await screen.findByTestId('undo-toast')).toHaveTextContent('“Trip” was deleted.');
    expect(screen.queryByTestId('event-row-5')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('undo-toast')).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByTestId('event-row-5')).toBeInTheDocument();
    expect(bodies).toEqual([{ del_date: null }, { del_date: false }]);
    expect(screen.queryByTestId('undo-toast')).not.toBeInTheDocument();
  });

  it('lists deleted events and restores one from there', async () => {
    let deleted = [trip({ del_date: '2025-03-01T12:00:00.000Z' })];
    let live: Event[] = [];
    server.use(
      http.get('/app/api/v1/event/', ({ request }) => listAnswer(new URL(request.url).searchParams.get('deleted') === '1' ? deleted : live)),
      http.put('/app/api/v1/event/:id/', () => {
        live = [trip()];
        deleted = [];
        return eventAnswer(trip());
      }),
    );
    const user = userEvent.setup();
    renderApp('/events');
    await user.click(await screen.findByRole('button', { name: 'Show deleted events' }));
    const list = await screen.findByRole('list', { name: 'Deleted events' });
    await user.click(within(list).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByTestId('event-row-5')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Deleted events' })).not.toBeInTheDocument();
  });
});

describe('leaving an event', () => {
  it('lets someone who is not the owner leave after asking, and the event leaves their list', async () => {
    let events: Event[] = [trip({ owner: 2, isUserOwner: false }), makeEvent({ id: 6, event_name: 'Dacha' })];
    let left = 0;
    server.use(
      http.get('/app/api/v1/event/', () => listAnswer(events)),
      http.get('/app/api/v1/event/:id/', ({ params }) => eventAnswer(events.find((e) => e.id === Number(params.id)) ?? trip())),
      http.post('/app/api/v1/event/5/leave/', () => {
        left += 1;
        events = events.filter((e) => e.id !== 5);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/events/5', { language: 'ru' });
    await user.click(await screen.findByTestId('leave-event'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('«Trip» пропадёт из вашего списка');
    await user.click(within(confirm).getByRole('button', { name: 'Выйти из события' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(left).toBe(1);
    expect(await screen.findByTestId('event-row-6')).toBeInTheDocument();
    expect(screen.queryByTestId('event-row-5')).not.toBeInTheDocument();
  });

  it('says why someone who owes cannot leave, and offers the owner no way to leave', async () => {
    server.use(http.post('/app/api/v1/event/5/leave/', () => errorAnswer('leave_with_debt', 'You can leave this event once you are settled in it', 400)));
    eventsServer([trip({ owner: 2, isUserOwner: false })]);
    const user = userEvent.setup();
    renderApp('/events/5');
    await user.click(await screen.findByTestId('leave-event'));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Leave event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can leave this event once you are settled in it');
    expect(screen.getByRole('heading', { name: 'Trip' })).toBeInTheDocument();
  });
});

describe('deleting a dialogue', () => {
  it('says, in Russian, that a dialogue holding a debt is deleted once settled, and stays in it', async () => {
    server.use(
      http.put('/app/api/v1/event/6/', () => errorAnswer('delete_dialogue_with_debt', 'You can delete this dialogue once you are settled in it', 400)),
    );
    eventsServer([makeEvent({ id: 6, event_name: '', quasi_event_name: 'Boris Ivanov' })]);
    const user = userEvent.setup();
    const { router } = renderApp('/events/6', { language: 'ru' });
    await user.click(await screen.findByTestId('delete-event'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Удалить диалог можно, когда вы в нём рассчитались');
    expect(router.state.location.pathname).toBe('/events/6');
  });
});

describe('a deleted event opened by its address', () => {
  it('says it is deleted and lets the owner restore it', async () => {
    let deleted = true;
    const bodies: unknown[] = [];
    eventsServer([]);
    server.use(
      http.get('/app/api/v1/event/:id/', () => eventAnswer(trip({ del_date: deleted ? '2025-03-01T12:00:00.000Z' : null }))),
      http.put('/app/api/v1/event/:id/', async ({ request }) => {
        bodies.push(await request.json());
        deleted = false;
        return eventAnswer(trip());
      }),
    );
    renderApp('/events/5');
    expect(await screen.findByText('This event has been deleted.')).toBeInTheDocument();
    expect(screen.queryByTestId('delete-event')).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('event-header')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByText('This event has been deleted.')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ del_date: false }]);
    expect(screen.getByTestId('delete-event')).toBeInTheDocument();
  });
});

describe('the unread counter (§4)', () => {
  it('drops by one to a floor of 0, or to 0 when all are seen, in the list and in the event', async () => {
    const store = makeStore();
    const read = { id: 1, mode: { kind: 'event' as const } };
    await store.dispatch(
      eventsQueries.util.upsertQueryData('eventsList', { currency: null }, [makeEvent({ id: 1, unread_cnt: 2 }), makeEvent({ id: 2, unread_cnt: 2 })]),
    );
    await store.dispatch(eventsQueries.util.upsertQueryData('event', read, makeEvent({ id: 1, unread_cnt: 2 })));
    const unread = () => [
      selectEventsList(store.getState()).map((e) => e.unread_cnt),
      eventsQueries.endpoints.event.select(read)(store.getState()).data?.unread_cnt,
    ];
    store.dispatch(eventSeen({ eventId: 1 }));
    expect(unread()).toEqual([[1, 2], 1]);
    store.dispatch(eventSeen({ eventId: 1 }));
    store.dispatch(eventSeen({ eventId: 1 }));
    expect(unread()).toEqual([[0, 2], 0]);
    store.dispatch(eventSeen({ eventId: 2, all: true }));
    store.dispatch(eventSeen({ eventId: 1, unread: 7 }));
    expect(unread()).toEqual([[7, 0], 7]);
  });
});
