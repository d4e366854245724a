import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aUser, errorBody, initialLoadHandlers, noEventsHandler } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';

async function fill(phone: string, password: string) {
  const user = userEvent.setup();
  if (phone) await user.type(await screen.findByLabelText('Phone number'), phone);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('SignInPage', () => {
  it('says what the product is to someone who has never heard of it, in both languages', async () => {
    const en = renderApp('/signin');
    expect(await screen.findByText(/^Shared expenses with friends and family: record who paid/)).toBeInTheDocument();
    en.unmount();
    renderApp('/signin', { language: 'ru' });
    expect(await screen.findByText(/^Общие расходы с друзьями и семьёй: запишите, кто заплатил/)).toBeInTheDocument();
  });

  it('asks for both fields and for a real phone number before calling the server', async () => {
    renderApp('/signin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);

    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('phone incorrect')).toBeInTheDocument();
    expect(screen.getAllByText('Required field')).toHaveLength(1);
  });

  it('signs in with the phone in E.164, keeps the token only for the tab without remember me, and loads the app', async () => {
    let body: unknown;
    server.use(
      mswHttp.post('/app/api/v2/auth/login/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'tab-token' });
      }),
      ...initialLoadHandlers(aUser()),
      noEventsHandler(),
    );
    const { router } = renderApp('/signin');
    const user = await fill('8 916 123-45-67', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(body).toEqual({ phone: '+79161234567', password: 'secret', remember: false });
    expect(sessionStorage.getItem('token')).toBe('tab-token');
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByTestId('profile-button')).toBeInTheDocument();
  });

  it('keeps the token in local storage with remember me', async () => {
    server.use(
      mswHttp.post('/app/api/v2/auth/login/', () => HttpResponse.json({ token: 'kept-token' })),
      ...initialLoadHandlers(aUser()),
      noEventsHandler(),
    );
    const { router } = renderApp('/signin');
    const user = await fill('+79161234567', 'secret');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(localStorage.getItem('token')).toBe('kept-token');
  });

  it('shows the server’s refusal, translated, and forgets it on the next navigation', async () => {
    server.use(mswHttp.post('/app/api/v2/auth/login/', () => errorBody('login_failed', 401)));
    const { router } = renderApp('/signin');
    const user = await fill('+79161234567', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The phone number or password you entered is incorrect.');
    expect(localStorage.getItem('token')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    await screen.findByRole('button', { name: 'Get the code' });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await router.navigate('/signin');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Russian: labels, validation and server messages', async () => {
    server.use(mswHttp.post('/app/api/v2/auth/login/', () => errorBody('too_many_login_attempts', 429, 'phone')));
    renderApp('/signin', { language: 'ru' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Войти' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(2);
    await user.type(screen.getByLabelText('Номер телефона'), '+79161234567');
    await user.type(screen.getByLabelText('Пароль'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток входа. Попробуйте позже.');
  });

  it('shows the service-down message when the server cannot be reached', async () => {
    server.use(mswHttp.post('/app/api/v2/auth/login/', () => HttpResponse.error()));
    renderApp('/signin');
    const user = await fill('+79161234567', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error has occurred. Service is temporarily down');
  });
});
