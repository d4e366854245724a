import { screen, waitFor } from '@testing-library/react';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aContactList, aCurrencyList, aUser, errorBody, initialLoadHandlers } from './fixtures';
import { server } from './msw';
import { renderApp } from './render';

describe('the initial load (specification §4)', () => {
  it('loads profile, contacts and currencies before any screen shows', async () => {
    localStorage.setItem('token', 't');
    const seen: string[] = [];
    let releaseCurrencies!: () => void;
    const currenciesHeld = new Promise<void>((resolve) => (releaseCurrencies = resolve));
    server.use(
      mswHttp.get('/app/api/v1/user/me/', () => {
        seen.push('profile');
        return HttpResponse.json(aUser());
      }),
      mswHttp.get('/app/api/v1/user/contacts/', () => {
        seen.push('contacts');
        return HttpResponse.json(aContactList(aUser()));
      }),
      mswHttp.get('/app/api/v1/currency/', async () => {
        seen.push('currencies');
        await currenciesHeld;
        return HttpResponse.json(aCurrencyList());
      }),
    );
    const { store } = renderApp('/faq');
    await waitFor(() => expect(seen.sort()).toEqual(['contacts', 'currencies', 'profile']));
    await delay(50);
    // The router view stays hidden while anything is still loading.
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByTestId('profile-button')).not.toBeInTheDocument();
    releaseCurrencies();
    expect(await screen.findByTestId('profile-button')).toBeInTheDocument();
    expect(store.getState().contacts.items.map((c) => c.name)).toEqual(['me']);
    expect(store.getState().currencies.items.map((c) => c.currency)).toEqual(['EUR', 'RUB', 'USD', 'GEL']);
  });

  it.each(['/app/api/v1/user/contacts/', '/app/api/v1/currency/'])('shows the server-error page when %s fails', async (path) => {
    localStorage.setItem('token', 't');
    // Handlers given first win, so the failure goes before the defaults.
    server.use(
      mswHttp.get(path, () => errorBody('internal', 500)),
      ...initialLoadHandlers(aUser()),
    );
    renderApp('/events');
    expect(await screen.findByText('Oops... something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('keeps the 404 page on a failed initial load', async () => {
    localStorage.setItem('token', 't');
    server.use(
      mswHttp.get('/app/api/v1/currency/', () => errorBody('internal', 500)),
      ...initialLoadHandlers(aUser()),
    );
    const { store } = renderApp('/no/such/page');
    await waitFor(() => expect(store.getState().shell.initialLoad).toBe('error'));
    expect(await screen.findByText('Unfortunately, there is no such page or it is under construction.')).toBeInTheDocument();
    expect(screen.queryByText('Oops... something went wrong')).not.toBeInTheDocument();
  });
});
