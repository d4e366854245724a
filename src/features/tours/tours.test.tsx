import * as React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/App';
import { RequireAuth } from '@/app/guards';
import { AppLayout } from '@/app/shell/AppLayout';
import { makeStore } from '@/app/store';
import { createI18n, type Language } from '@/lib/i18n';
import { aUser, initialLoadHandlers } from '../../../tests/web/fixtures';
import { server } from '../../../tests/web/msw';
import { ToursHost } from './components/ToursHost';
import { mockWindowWidth } from '../../../tests/web/match-media';
import { TOUR_STEPS, TOUR_TARGETS } from './tour-definitions';
import { getToursSnapshot, markTourDone, resetTours, resetTourSessionForTests } from './tours-store';
import { useAutoStartTour } from './use-tour';

const KEY = 'tours_done';

function signIn() {
  localStorage.setItem('token', 't');
  localStorage.setItem('cookie_consent', 'true');
  server.use(...initialLoadHandlers(aUser()));
}

/**
 * The real shell (header, initial load, guards, ToursHost) around stand-in screens, so these
 * tests do not depend on the events and people screens, which are built elsewhere.
 */
function renderApp(path: string, { language = 'en' }: { language?: Language } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          {
            path: '/events/:id?/*',
            element: (
              <RequireAuth>
                <p>events screen</p>
              </RequireAuth>
            ),
          },
          {
            path: '/people',
            element: (
              <RequireAuth>
                <p>people screen</p>
              </RequireAuth>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<App store={makeStore()} router={router} i18n={createI18n(language)} />);
}

const tourStep = () => screen.findByTestId('tour-step', {}, { timeout: 3000 });

/** Waits until the signed-in shell is up, then long enough for a lazily loaded tour to have shown. */
async function settle() {
  await screen.findByRole('link', { name: 'FAQ' });
  await act(() => new Promise((r) => setTimeout(r, 400)));
}

beforeEach(() => resetTourSessionForTests());
afterEach(() => vi.unstubAllGlobals());

describe('finished flags', () => {
  it('read a JSON list of tour ids and ignore anything else', () => {
    localStorage.setItem(KEY, '["main","nonsense",3]');
    expect([...getToursSnapshot().done]).toEqual(['main']);
    localStorage.setItem(KEY, '{not json');
    expect(getToursSnapshot().done.size).toBe(0);
  });

  it('are written as a JSON list when a tour is done and removed when cleared', () => {
    markTourDone('createEvent');
    markTourDone('main');
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['createEvent', 'main']);
    resetTours();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(getToursSnapshot().done.size).toBe(0);
  });

  it('list every target each tour expects, in step order', () => {
    for (const id of ['main', 'createEvent', 'eventFamilies'] as const) {
      expect(TOUR_STEPS[id].map((s) => s.target)).toEqual([...TOUR_TARGETS[id]]);
    }
  });
});

describe('the main tour', () => {
  it('starts by itself on /events at 1280 px and runs to Finish over the steps that are on the page', async () => {
    mockWindowWidth(1280);
    signIn();
    const user = userEvent.setup();
    renderApp('/events');

    let step = await tourStep();
    expect(within(step).getByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(within(step).queryByRole('button', { name: 'Back' })).toBeNull();
    expect(within(step).getByRole('button', { name: 'Skip' })).toBeInTheDocument();

    await user.click(within(step).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('tour-step')).toHaveAttribute('data-tour-step', 'nav-people'));
    step = screen.getByTestId('tour-step');
    expect(within(step).getByRole('button', { name: 'Back' })).toBeInTheDocument();

    await user.click(within(step).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('tour-step')).toHaveAttribute('data-tour-step', 'nav-events'));

    for (const target of ['nav-people', 'nav-rates', 'nav-faq']) {
      await user.click(within(screen.getByTestId('tour-step')).getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByTestId('tour-step')).toHaveAttribute('data-tour-step', target));
    }
    // The events list and its create button are not on the page, so the FAQ link is the last step.
    step = screen.getByTestId('tour-step');
    expect(within(step).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(within(step).queryByRole('button', { name: 'Skip' })).toBeNull();
    await user.click(within(step).getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(screen.queryByTestId('tour-step')).toBeNull());
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['main']);
    const note = screen.getByTestId('tour-end-note');
    expect(note).toHaveTextContent('You can take the tours again from the FAQ page.');
    await user.click(within(note).getByRole('button', { name: 'All clear' }));
    expect(screen.queryByTestId('tour-end-note')).toBeNull();
  });

  it('does not start again once finished', async () => {
    mockWindowWidth(1280);
    signIn();
    localStorage.setItem(KEY, '["main"]');
    renderApp('/events');
    await settle();
    expect(screen.queryByTestId('tour-step')).toBeNull();
  });

  it('does not start at 800 px, nor at 1024 px, and sets no flag', async () => {
    for (const width of [800, 1024]) {
      mockWindowWidth(width);
      signIn();
      const { unmount } = renderApp('/events');
      await settle();
      expect(screen.queryByTestId('tour-step')).toBeNull();
      expect(localStorage.getItem(KEY)).toBeNull();
      unmount();
    }
  });

  it('does not start away from /events', async () => {
    mockWindowWidth(1280);
    signIn();
    renderApp('/people');
    await settle();
    expect(screen.queryByTestId('tour-step')).toBeNull();
  });

  it('is marked done by Skip, and by Escape', async () => {
    mockWindowWidth(1280);
    signIn();
    const user = userEvent.setup();
    const first = renderApp('/events');
    await user.click(within(await tourStep()).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByTestId('tour-step')).toBeNull());
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['main']);
    first.unmount();

    localStorage.removeItem(KEY);
    resetTourSessionForTests();
    renderApp('/events');
    const step = await tourStep();
    within(step).getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('tour-step')).toBeNull());
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['main']);
  });

  it('stops without being marked done when the window narrows below 1025 px', async () => {
    const media = mockWindowWidth(1280);
    signIn();
    renderApp('/events');
    await tourStep();
    act(() => media.resize(900));
    await waitFor(() => expect(screen.queryByTestId('tour-step')).toBeNull());
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('speaks Russian', async () => {
    mockWindowWidth(1280);
    signIn();
    renderApp('/events', { language: 'ru' });
    const step = await tourStep();
    expect(within(step).getByRole('heading', { name: 'События' })).toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Далее' })).toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Пропустить' })).toBeInTheDocument();
  });
});

/** A stand-in for the create-event form, with the currency field missing. */
function CreateEventForm() {
  useAutoStartTour('createEvent');
  return (
    <form>
      <input aria-label="name" data-tour="create-event-name" autoFocus />
      <div data-tour="create-event-participants">people</div>
      <button type="submit" data-tour="create-event-submit">
        Create
      </button>
    </form>
  );
}

function renderScreen(element: React.ReactNode) {
  const store = makeStore({ profile: { user: aUser(), status: 'success', error: null } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {element}
            <ToursHost />
          </>
        ),
      },
    ],
    { initialEntries: ['/events/1'] },
  );
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('en')}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
}

describe('a screen tour', () => {
  it('starts from its screen, passes over a missing target and finishes on the last one present', async () => {
    mockWindowWidth(1280);
    // The main tour would take precedence on /events; it is done here.
    localStorage.setItem(KEY, '["main"]');
    const user = userEvent.setup();
    renderScreen(<CreateEventForm />);
    const step = await tourStep();
    expect(step).toHaveAttribute('data-tour-step', 'create-event-name');
    expect(within(step).getByText('1 of 3')).toBeInTheDocument();
    await user.click(within(step).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('tour-step')).toHaveAttribute('data-tour-step', 'create-event-participants'));
    await user.click(within(screen.getByTestId('tour-step')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('tour-step')).toHaveAttribute('data-tour-step', 'create-event-submit'));
    await user.click(within(screen.getByTestId('tour-step')).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByTestId('tour-step')).toBeNull());
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['main', 'createEvent']);
    // 'All clear' closes the note and puts the user back in the field they were in.
    await user.click(within(screen.getByTestId('tour-end-note')).getByRole('button', { name: 'All clear' }));
    expect(screen.getByRole('textbox', { name: 'name' })).toHaveFocus();
  });

  it('starts by itself only when no other tour did during this visit', async () => {
    mockWindowWidth(1280);
    signIn();
    const user = userEvent.setup();
    const main = renderApp('/events');
    await user.click(within(await tourStep()).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByTestId('tour-step')).toBeNull());
    main.unmount();

    // Same visit: the create form's tour waits.
    const form = renderScreen(<CreateEventForm />);
    await screen.findByRole('textbox', { name: 'name' });
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(screen.queryByTestId('tour-step')).toBeNull();
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['main']);
    form.unmount();

    // The next visit (a new tab session) shows it.
    sessionStorage.clear();
    resetTourSessionForTests();
    renderScreen(<CreateEventForm />);
    expect(await tourStep()).toHaveAttribute('data-tour-step', 'create-event-name');
  });

  it('keeps the end note off an open dialog until it closes', async () => {
    mockWindowWidth(1280);
    localStorage.setItem(KEY, '["main"]');
    const user = userEvent.setup();
    function DialogScreen() {
      const [open, setOpen] = React.useState(true);
      return open ? (
        <div role="dialog" aria-modal="true" aria-label="New event">
          <CreateEventForm />
          <button type="button" onClick={() => setOpen(false)}>
            Close dialog
          </button>
        </div>
      ) : (
        <p>dialog closed</p>
      );
    }
    renderScreen(<DialogScreen />);
    for (const label of ['Next', 'Next', 'Finish']) {
      await user.click(within(await tourStep()).getByRole('button', { name: label }));
    }
    await waitFor(() => expect(screen.queryByTestId('tour-step')).toBeNull());
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(screen.queryByTestId('tour-end-note')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(await screen.findByTestId('tour-end-note')).toHaveTextContent('You can take the tours again from the FAQ page.');
  });

  it('ends at Finish even when a later target appears after the button read Finish', async () => {
    mockWindowWidth(1280);
    localStorage.setItem(KEY, '["main"]');
    const user = userEvent.setup();
    let showSubmit: () => void = () => {};
    // The Create button renders late, after the step before it has shown its Finish.
    function LateButtonForm() {
      const [late, setLate] = React.useState(false);
      showSubmit = () => setLate(true);
      useAutoStartTour('createEvent');
      return (
        <form>
          <input aria-label="name" data-tour="create-event-name" />
          <div data-tour="create-event-participants">people</div>
          {late && (
            <button type="submit" data-tour="create-event-submit">
              Create
            </button>
          )}
        </form>
      );
    }
    renderScreen(<LateButtonForm />);
    await user.click(within(await tourStep()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('tour-step')).toHaveAttribute('data-tour-step', 'create-event-participants'));
    const finish = within(screen.getByTestId('tour-step')).getByRole('button', { name: 'Finish' });
    act(() => showSubmit());
    await user.click(finish);
    await waitFor(() => expect(screen.queryByTestId('tour-step')).toBeNull());
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['main', 'createEvent']);
  });

  it('shows nothing and sets no flag when none of its targets is on the page', async () => {
    mockWindowWidth(1280);
    localStorage.setItem(KEY, '["main"]');
    function FamiliesScreen() {
      useAutoStartTour('eventFamilies');
      return <p>no people panel yet</p>;
    }
    renderScreen(<FamiliesScreen />);
    await screen.findByText('no people panel yet');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(screen.queryByTestId('tour-step')).toBeNull();
    expect(getToursSnapshot()).toMatchObject({ active: null });
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['main']);
  });
});
