import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '@common/contract/events';
import { server } from '../../../../tests/web/msw';
import { mockWindowWidth } from '../../../../tests/web/match-media';
import { renderApp } from '../../../../tests/web/render';
import { fetchEvent } from '../events-slice';
import type * as ParticipantNames from './ParticipantName';
import { errorAnswer, eventAnswer, eventsServer, makeEvent, participant, people, person, quietTabs, signedIn } from '../test-fixtures';

/** How often each person's details were drawn: they show the person's name once. */
const rowDrawings = vi.hoisted(() => new Map<number, number>());
vi.mock('./ParticipantName', async (original) => {
  const names: typeof ParticipantNames = await original();
  return {
    ...names,
    ParticipantName: (props: Parameters<typeof names.ParticipantName>[0]) => {
      const uid = props.participant?.uid ?? props.uid ?? 0;
      rowDrawings.set(uid, (rowDrawings.get(uid) ?? 0) + 1);
      return names.ParticipantName(props);
    },
  };
});

const spaces = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Anna (me, the owner) and Boris in one family, Vera and Gleb in another; Anna is owed 300, Vera owes it. */
function familyEvent(overrides: Partial<Event> = {}): Event {
  return makeEvent({
    id: 5,
    event_name: 'Dacha',
    contacts: [participant(people.me, 1, 300), participant(people.boris, 1), participant(people.vera, 2, -300), participant(people.gleb, 2)],
    ...overrides,
  });
}

function captureUpdates(answer: (body: { data?: Record<string, unknown> }) => Response) {
  const bodies: { data?: Record<string, unknown> }[] = [];
  server.use(
    http.put('/app/api/v1/event/:id/', async ({ request }) => {
      const body = (await request.json()) as { data?: Record<string, unknown> };
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

async function openPanel(event: Event) {
  eventsServer([event]);
  renderApp(`/events/${event.id}/transactions`);
  return screen.findByTestId('participants-panel');
}

beforeEach(() => {
  signedIn();
  quietTabs();
});

describe('the participants panel', () => {
  it("lists me first as 'me' with the owner badge, each family with a 'Whole family' row", async () => {
    const panel = await openPanel(familyEvent());
    const rows = within(panel).getAllByTestId(/^participant-/);
    expect(rows[0]).toHaveTextContent('me');
    expect(within(rows[0]!).getByText('Event owner')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Open me' })).toHaveAttribute('href', '/people/1');
    const families = within(panel).getAllByTestId('family');
    expect(families).toHaveLength(2);
    const wholes = within(panel).getAllByTestId('whole-family');
    expect(spaces(wholes[0]!.textContent)).toBe('Whole familyis owed 300,00 ₽');
    expect(spaces(wholes[1]!.textContent)).toBe('Whole familyowes 300,00 ₽');
    expect(within(families[1]!).getByText('Вера Петрова')).toBeInTheDocument();
    expect(spaces(within(families[1]!).getByTestId('participant-3').textContent)).toContain('owes 300,00 ₽');
    // Which figures these are, so they reconcile with the People page's totals over all events.
    expect(within(panel).getByTestId('participants-scope')).toHaveTextContent('Balances in this event only');
  });

  it('draws no row again when the event comes back unchanged, and only the rows whose figures changed', async () => {
    eventsServer([familyEvent()]);
    const { store } = renderApp('/events/5/transactions');
    const panel = await screen.findByTestId('participants-panel');
    await within(panel).findByTestId('participant-4');
    rowDrawings.clear();
    // The server cache tells the screen of an answer on the next animation frame (Redux Toolkit's auto-batching).
    const readAgain = () =>
      act(async () => {
        await store.dispatch(fetchEvent(5));
        await new Promise((drawn) => requestAnimationFrame(drawn));
      });
    await readAgain();
    expect(Object.fromEntries(rowDrawings)).toEqual({});
    // Vera pays Anna back 100: only their two rows change.
    const paid = familyEvent();
    eventsServer([{ ...paid, contacts: paid.contacts.map((c) => (c.uid === 1 ? { ...c, balance: 200 } : c.uid === 3 ? { ...c, balance: -200 } : c)) }]);
    await readAgain();
    expect(spaces(within(panel).getByTestId('participant-3').textContent)).toContain('owes 200,00 ₽');
    expect([...rowDrawings.keys()].sort()).toEqual([1, 3]);
  });

  it('says what a family is, and moves people with a menu as well as by dragging (a phone, a keyboard)', async () => {
    const after = familyEvent({ contacts: familyEvent().contacts.map((c) => (c.uid === 4 ? { ...c, family: 1 } : c)) });
    const bodies = captureUpdates(() => eventAnswer(after));
    const user = userEvent.setup();
    const panel = await openPanel(familyEvent());
    expect(panel).toHaveTextContent("A family settles up as one: its members' balances are added up here and on Debts.");
    const menu = within(panel).getByRole('combobox', { name: 'Family of Gleb Orlov' });
    expect([...menu.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Move to: me, Boris Ivanov',
      'Their family now',
      'Move to a family of their own',
    ]);
    expect(menu).toHaveValue('1');
    await user.selectOptions(menu, 'Move to: me, Boris Ivanov');
    await waitFor(() => expect(bodies).toEqual([{ data: { families: [[1, 2, 4], [3]] } }]));
    await waitFor(() => expect(within(within(panel).getAllByTestId('family')[0]!).getByTestId('participant-4')).toBeInTheDocument());
  });

  it('says what a family is and names the menu in Russian', async () => {
    eventsServer([familyEvent()]);
    renderApp('/events/5/transactions', { language: 'ru' });
    const panel = await screen.findByTestId('participants-panel');
    expect(panel).toHaveTextContent('Семья рассчитывается как одно целое: балансы её членов складываются здесь и в «Долгах».');
    const menu = within(panel).getByRole('combobox', { name: 'Семья: Gleb Orlov' });
    expect([...menu.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Перенести к: я, Boris Ivanov',
      'Текущая семья',
      'Перенести в отдельную семью',
    ]);
  });

  it('offers no family menu to someone who may not regroup', async () => {
    const panel = await openPanel(familyEvent({ isUserOwner: false }));
    expect(within(panel).queryByRole('combobox', { name: /Family of/ })).toBeNull();
  });

  it('gives the owner drag handles for everyone and delete buttons for everyone but the owner', async () => {
    const panel = await openPanel(familyEvent());
    expect(within(panel).getAllByRole('button', { name: /^Move .* to another family$/ })).toHaveLength(4);
    expect(within(panel).queryByTestId('remove-1')).not.toBeInTheDocument();
    for (const uid of [2, 3, 4]) expect(within(panel).getByTestId(`remove-${uid}`)).toBeInTheDocument();
    expect(within(panel).getByText('Drag people between families, or use the menu beside each person, to decide who settles up together.')).toBeInTheDocument();
  });

  it('gives everyone else neither drag handles nor delete buttons', async () => {
    const event = familyEvent({
      owner: 2,
      isUserOwner: false,
      contacts: familyEvent().contacts.map((c) => ({ ...c, is_owner: c.uid === 2 })),
    });
    const panel = await openPanel(event);
    expect(within(panel).queryAllByRole('button', { name: /to another family/ })).toHaveLength(0);
    expect(within(panel).queryAllByTestId(/^remove-/)).toHaveLength(0);
    expect(within(panel).queryByTestId('new-family')).not.toBeInTheDocument();
    expect(within(within(panel).getByTestId('participant-2')).getByText('Event owner')).toBeInTheDocument();
    expect(within(panel).getByText('Only the event owner can regroup families and remove people.')).toBeInTheDocument();
  });

  it('gives every participant drag handles and delete buttons when the server has access checking off (§6)', async () => {
    server.use(http.get('/app/api/v1/config/', () => HttpResponse.json({ support_email: 'help@dolya.test', access_checking: false })));
    const event = familyEvent({
      owner: 2,
      isUserOwner: false,
      contacts: familyEvent().contacts.map((c) => ({ ...c, is_owner: c.uid === 2 })),
    });
    const panel = await openPanel(event);
    await waitFor(() => expect(within(panel).queryAllByRole('button', { name: /to another family/ }).length).toBeGreaterThan(0));
    // Anyone but the owner and me can be removed.
    expect(
      within(panel)
        .queryAllByTestId(/^remove-/)
        .map((b) => b.dataset.testid),
    ).toEqual(['remove-3', 'remove-4']);
    expect(within(panel).queryByText('Only the event owner can regroup families and remove people.')).not.toBeInTheDocument();
  });

  it("refuses to remove someone with a debt: 'It's not possible to delete the user with a debt'", async () => {
    const bodies = captureUpdates(() => eventAnswer(familyEvent()));
    const panel = await openPanel(familyEvent());
    await userEvent.click(within(panel).getByTestId('remove-3'));
    expect(await within(panel).findByRole('alert')).toHaveTextContent("It's not possible to delete the user with a debt");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it("shows the server's refusal for someone with operations: 'It's not possible to delete the user with operations history'", async () => {
    const bodies = captureUpdates(() => errorAnswer('delete_user_with_history', "It's not possible to delete the user with operations history"));
    const panel = await openPanel(familyEvent());
    await userEvent.click(within(panel).getByTestId('remove-4'));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Gleb Orlov from the event' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent("It's not possible to delete the user with operations history");
    expect(bodies).toEqual([{ data: { contacts: [1, 2, 3] } }]);
    expect(within(panel).getByTestId('participant-4')).toBeInTheDocument();
  });

  it('removes someone without debt or history after confirmation', async () => {
    const after = familyEvent({ contacts: familyEvent().contacts.filter((c) => c.uid !== 2) });
    captureUpdates(() => eventAnswer(after));
    const panel = await openPanel(familyEvent());
    await userEvent.click(within(panel).getByTestId('remove-2'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(panel).queryByTestId('participant-2')).not.toBeInTheDocument());
  });

  it('adds participants with the picker; Add stays disabled until someone is selected', async () => {
    const after = familyEvent({ contacts: [...familyEvent().contacts, participant(people.zhenya, 3)] });
    const bodies = captureUpdates(() => eventAnswer(after));
    const panel = await openPanel(familyEvent());
    await userEvent.click(within(panel).getByTestId('add-participants'));
    const picker = within(panel).getByTestId('participant-picker');
    // Everyone in the event is left out of the offer.
    expect(
      within(picker)
        .getAllByTestId(/^pick-/)
        .map((b) => b.dataset.testid),
    ).toEqual(['pick-5']);
    const add = within(picker).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.click(within(picker).getByTestId('pick-5'));
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() => expect(bodies).toEqual([{ data: { contacts: [1, 2, 3, 4, 5] } }]));
    expect(await within(panel).findByTestId('participant-5')).toBeInTheDocument();
    expect(within(panel).queryByTestId('participant-picker')).not.toBeInTheDocument();
  });

  it('adds several contacts at once from the contact book modal, and says when all are added', async () => {
    const signedInWithMore = [...Object.values(people), person(6, 'Ira Kim', '+79160000006')];
    signedIn(signedInWithMore);
    const after = familyEvent({ contacts: [...familyEvent().contacts, participant(people.zhenya, 3), participant(signedInWithMore[5]!, 4)] });
    const bodies = captureUpdates(() => eventAnswer(after));
    const panel = await openPanel(familyEvent());
    await userEvent.click(within(panel).getByTestId('add-from-contacts'));
    const modal = await screen.findByRole('dialog', { name: 'Add participants from contacts' });
    // Everyone in the event is left out; the rest are a checkbox list.
    expect(
      within(modal)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Женя Смирнов', 'Ira Kim']);
    const add = within(modal).getByTestId('contact-participants-add');
    expect(add).toBeDisabled();
    await userEvent.click(within(modal).getByRole('checkbox', { name: 'Женя Смирнов' }));
    await userEvent.click(within(modal).getByText('Ira Kim'));
    expect(within(modal).getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(add);
    await waitFor(() => expect(bodies).toEqual([{ data: { contacts: [1, 2, 3, 4, 5, 6] } }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add participants from contacts' })).not.toBeInTheDocument());
    expect(await within(panel).findByTestId('participant-6')).toBeInTheDocument();

    await userEvent.click(within(panel).getByTestId('add-from-contacts'));
    const again = await screen.findByRole('dialog', { name: 'Add participants from contacts' });
    expect(within(again).getByText('all participants added')).toBeInTheDocument();
  });

  it('Cancel closes the picker without a change', async () => {
    const bodies = captureUpdates(() => eventAnswer(familyEvent()));
    const panel = await openPanel(familyEvent());
    await userEvent.click(within(panel).getByTestId('add-participants'));
    await userEvent.click(within(panel).getByTestId('pick-5'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByTestId('participant-picker')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('offers no participants to add in a dialogue', async () => {
    const dialogue = makeEvent({ id: 8, event_name: '', quasi_event_name: 'Boris Ivanov' });
    const panel = await openPanel(dialogue);
    expect(within(panel).queryByTestId('add-participants')).not.toBeInTheDocument();
    expect(within(panel).getByText('A dialogue has exactly two people; no participants can be added to it.')).toBeInTheDocument();
    expect(within(panel).queryAllByRole('button', { name: /to another family/ })).toHaveLength(0);
  });
});

describe('dragging people between families with the keyboard', () => {
  // jsdom lays nothing out; give families and rows the boxes a browser would (families stacked 200 px apart).
  let restore: () => void = () => {};
  beforeEach(() => {
    const original = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const families = [...document.querySelectorAll('[data-testid="family"]')];
      const box = (top: number, height: number) =>
        ({ x: 0, y: top, left: 0, top, width: 300, height, right: 300, bottom: top + height, toJSON: () => ({}) }) as DOMRect;
      // The drag overlay sits where dnd-kit puts it: its fixed position plus its translation.
      const fixed = this instanceof HTMLElement ? (this.closest('[style*="position: fixed"]') as HTMLElement | null) : null;
      if (fixed?.style.top) {
        const [, dx = '0', dy = '0'] = /translate3d\(([-\d.]+)px, ([-\d.]+)px/.exec(fixed.style.transform) ?? [];
        const top = parseFloat(fixed.style.top) + parseFloat(dy);
        const left = parseFloat(fixed.style.left) + parseFloat(dx);
        const width = parseFloat(fixed.style.width);
        const height = parseFloat(fixed.style.height);
        return { x: left, y: top, left, top, width, height, right: left + width, bottom: top + height, toJSON: () => ({}) } as DOMRect;
      }
      const family = this.closest('[data-testid="family"]');
      if (this.matches('[data-testid="new-family"]')) return box(families.length * 200, 60);
      if (family) {
        const f = families.indexOf(family) * 200;
        const row = this.closest('[data-testid^="participant-"]');
        if (!row) return box(f, 180);
        const rows = [...family.querySelectorAll('[data-testid^="participant-"]')];
        return box(f + 10 + rows.indexOf(row) * 60, 56);
      }
      return original.call(this);
    };
    restore = () => {
      Element.prototype.getBoundingClientRect = original;
    };
  });
  afterEach(() => restore());

  it('moves Gleb into the family above: Space, ArrowUp, Space, then PUT data.families', async () => {
    const after = familyEvent({
      contacts: familyEvent().contacts.map((c) => (c.uid === 4 ? { ...c, family: 1 } : c)),
    });
    const bodies = captureUpdates(() => eventAnswer(after));
    const user = userEvent.setup();
    const panel = await openPanel(familyEvent());
    const handle = within(panel).getByRole('button', { name: 'Move Gleb Orlov to another family' });
    handle.focus();
    await user.keyboard(' ');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    await user.keyboard('{ArrowUp}');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    await user.keyboard(' ');
    await waitFor(() => expect(bodies).toEqual([{ data: { families: [[1, 2, 4], [3]] } }]));
    await waitFor(() => expect(within(within(panel).getAllByTestId('family')[0]!).getByTestId('participant-4')).toBeInTheDocument());
    expect(within(panel).getAllByTestId('whole-family')).toHaveLength(1);
  });

  it('puts the grouping back when the server refuses it', async () => {
    captureUpdates(() => errorAnswer('not_event_owner', 'Only the event owner can do this', 403));
    const user = userEvent.setup();
    const panel = await openPanel(familyEvent());
    within(panel).getByRole('button', { name: 'Move Boris Ivanov to another family' }).focus();
    await user.keyboard(' ');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    await user.keyboard('{ArrowDown}');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    await user.keyboard(' ');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Only the event owner can do this');
    const families = within(panel).getAllByTestId('family');
    expect(within(families[0]!).getByTestId('participant-2')).toBeInTheDocument();
    expect(families).toHaveLength(2);
  });

  it('Escape cancels a move without saving anything', async () => {
    const bodies = captureUpdates(() => eventAnswer(familyEvent()));
    const user = userEvent.setup();
    const panel = await openPanel(familyEvent());
    within(panel).getByRole('button', { name: 'Move Boris Ivanov to another family' }).focus();
    await user.keyboard(' ');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(bodies).toHaveLength(0);
  });
});

describe('at phone width', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the folded panel as its heading alone, and everyone once it is opened or the screen widens', async () => {
    // A 390 px wide phone: the panel's stylesheet and its folding rule both read the width.
    const media = mockWindowWidth(390);
    const user = userEvent.setup();
    const panel = await openPanel(familyEvent());
    // The event's title is the page's h1 on a phone (the events list is hidden): the panel's is one under it.
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('4');
    expect(within(panel).queryAllByTestId(/^participant-/)).toHaveLength(0);
    expect(within(panel).queryByTestId('add-participants')).not.toBeInTheDocument();
    const toggle = within(panel).getByTestId('participants-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getAllByTestId(/^participant-/)).toHaveLength(4);
    expect(within(panel).getAllByTestId('whole-family')).toHaveLength(2);
    await user.click(toggle);
    expect(within(panel).queryAllByTestId(/^participant-/)).toHaveLength(0);
    // Turned to a width where the panel does not fold: everyone, unopened.
    act(() => media.resize(1280));
    expect(within(panel).getAllByTestId(/^participant-/)).toHaveLength(4);
  });
});
