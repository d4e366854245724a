import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { aUser, initialLoadHandlers } from '../../tests/web/fixtures';
import { server } from '../../tests/web/msw';
import { renderApp } from '../../tests/web/render';
import { documentTitle } from './document-title';

const profile = (full_name: string) => ({ user: 7, full_name, phone: '+79990000007', currency: 'RUB' });

describe('routing and guards (specification §2)', () => {
  // Contacts and currencies load with the profile; each test states the profile it needs.
  beforeEach(() => server.use(...initialLoadHandlers(aUser())));

  it('sends an anonymous visitor of / to /signin and titles the page', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    await waitFor(() => expect(document.title).toBe('Dolya - Signin'));
  });

  it('confines a signed-in user without a full name to /checkuser', async () => {
    localStorage.setItem('token', 't');
    server.use(mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json(profile(''))));
    const { router } = renderApp('/people');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkuser'));
  });

  it('lets a signed-in user with a name through, and sends them from /signin home', async () => {
    localStorage.setItem('token', 't');
    server.use(mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json(profile('Anna Petrova'))));
    const { router } = renderApp('/signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });

  it('returns a visitor to the page a link opened once they have signed in', async () => {
    const { router } = renderApp('/faq?from=link');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    server.use(
      mswHttp.post('/app/api/v2/auth/login/', () => HttpResponse.json({ token: 'tab-token' })),
      mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json(profile('Anna Petrova'))),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '+79161234567');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/faq?from=link'));
    // Arrived: a later sign-in starts from home again.
    await waitFor(() => expect(sessionStorage.getItem('return_path')).toBeNull());
  });

  it('shows the server-error page when the initial load fails', async () => {
    localStorage.setItem('token', 't');
    server.use(mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json({ error: 'boom', code: 'internal' }, { status: 500 })));
    renderApp('/events');
    expect(await screen.findByText('Oops... something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('logs out and goes to sign-in when the stored token is refused', async () => {
    localStorage.setItem('token', 'dead');
    server.use(mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json({ error: 'x', code: 'unauthorized' }, { status: 401 })));
    const { router } = renderApp('/events');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the 404 page for an unknown path, in Russian too', async () => {
    renderApp('/no/such/page', { language: 'ru' });
    expect(await screen.findByText('К сожалению, такой страницы нет или она ещё в разработке.')).toBeInTheDocument();
  });

  it.each(['en', 'ru'] as const)('shows the 404 page for an event id that is not a number, tabs included (%s)', async (language) => {
    localStorage.setItem('token', 't');
    server.use(mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json(profile('Anna Petrova'))));
    const text = language === 'en' ? /no such page/i : 'К сожалению, такой страницы нет или она ещё в разработке.';
    const { router } = renderApp('/events/abc', { language });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/There is no such event|Такого мероприятия нет/)).not.toBeInTheDocument();
    await router.navigate('/events/12x/debts');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/12x/debts');
  });

  it.each(['en', 'ru'] as const)('shows the 404 page for an event id that is not a number when signed out too, not sign-in (%s)', async (language) => {
    const { router } = renderApp('/events/abc/debts', { language });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/abc/debts');
    await router.navigate('/events/12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('forces the profile-completion form on the 404 page too', async () => {
    localStorage.setItem('token', 't');
    server.use(mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json(profile(''))));
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkuser'));
  });

  it('shows the cookie banner until a choice is made, and the declined page after Decline', async () => {
    const { getByRole } = renderApp('/signin');
    getByRole('button', { name: 'Decline' }).click();
    expect(await screen.findByText('You disabled cookies')).toBeInTheDocument();
    expect(localStorage.getItem('cookie_consent')).toBe('false');
  });

  it('titles pages by their first path segment', () => {
    expect(documentTitle('/restore_password')).toBe('Dolya - Restore password');
    expect(documentTitle('/events/12/debts')).toBe('Dolya - Events');
    expect(documentTitle('/')).toBe('Dolya');
  });
});
