import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { anEvent, anOperation, BORIS, EVENT_ID, json, pagesOf, signedInWithEvent, stubIntersectionObserver } from '../test-fixtures';

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  io = stubIntersectionObserver();
});
afterEach(() => io.restore());

/** Answers the list from `ops` narrowed by `q` as the server would, and keeps every query asked. */
function listAnswers() {
  const ops = [anOperation({ id: 2, details: { description: 'Taxi home' } }), anOperation({ id: 1, details: { description: 'Dinner' } })];
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/app/api/v1/operation/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const q = params.get('q')?.toLowerCase();
      return json(pagesOf(q ? ops.filter((o) => o.details.description.toLowerCase().includes(q)) : ops, 1));
    }),
  );
  return asked;
}

describe('searching the feed', () => {
  it('reads the filter from the address, shows the matches, and keeps what is typed in the address', async () => {
    signedInWithEvent(anEvent(), []);
    const asked = listAnswers();
    const { router } = renderApp(`/events/${EVENT_ID}/transactions?person=${BORIS}&kind=even_purchase`);
    const filters = await screen.findByTestId('feed-filters');
    expect(within(filters).getByLabelText('Person')).toHaveDisplayValue('Boris Ivanov');
    expect(within(filters).getByLabelText('Kind')).toHaveDisplayValue('Even purchases');
    await waitFor(() => expect(asked.at(-1)?.get('person')).toBe(String(BORIS)));
    expect(asked.at(-1)?.get('kind')).toBe('even_purchase');

    await userEvent.type(within(filters).getByLabelText('Words'), 'taxi');
    await waitFor(() => expect(router.state.location.search).toContain('q=taxi'));
    await waitFor(() => expect(screen.getByTestId('feed-count')).toHaveTextContent('1 match'));
    expect(screen.queryByText('Dinner')).not.toBeInTheDocument();
    expect(asked.at(-1)?.get('q')).toBe('taxi');

    await userEvent.click(within(filters).getByTestId('clear-filters'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByTestId('feed-count')).toHaveTextContent('2 operations'));
  });

  it('says when nothing matches, in Russian too, and clears from there', async () => {
    signedInWithEvent(anEvent(), []);
    listAnswers();
    const { router } = renderApp(`/events/${EVENT_ID}/transactions?q=${encodeURIComponent('самолёт')}`, { language: 'ru' });
    expect(await screen.findByText('Нет операций, подходящих под фильтры.')).toBeInTheDocument();
    expect(screen.getByTestId('feed-count')).toHaveTextContent('0 совпадений');
    await userEvent.click(within(screen.getByTestId('feed-no-match')).getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Dinner')).toBeInTheDocument();
  });

  it('opens and closes the search with its button, and keeps the filters when an operation is opened', async () => {
    signedInWithEvent(anEvent(), []);
    listAnswers();
    server.use(
      http.get('/app/api/v1/operation/1/', () => json(anOperation({ id: 1, details: { description: 'Dinner' } }))),
      http.get('/app/api/v1/operation/1/history/', () => json({ operation_id: 1, version: 1, versions: [] })),
    );
    const { router } = renderApp(`/events/${EVENT_ID}/transactions`);
    const toggle = await screen.findByTestId('filters-toggle');
    expect(screen.queryByTestId('feed-filters')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    await userEvent.selectOptions(within(screen.getByTestId('feed-filters')).getByLabelText('Kind'), 'Even purchases');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=even_purchase'));
    await userEvent.click(await screen.findByRole('link', { name: 'Dinner' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}/transactions/1`));
    expect(router.state.location.search).toBe('?kind=even_purchase');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}/transactions`));
    expect(router.state.location.search).toBe('?kind=even_purchase');
  });
});
