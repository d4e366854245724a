import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aUser, errorBody, initialLoadHandlers, noEventsHandler } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';

const PHONE = '+79161234567';

async function start(language: 'en' | 'ru' = 'en') {
  const view = renderApp('/restore_password', { language });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(language === 'en' ? 'Phone number' : 'Номер телефона'), PHONE);
  await user.click(screen.getByRole('button', { name: language === 'en' ? 'Get the code' : 'Получить код' }));
  return { ...view, user };
}

describe('RestorePasswordPage', () => {
  it('titles the page and asks for the code to restore', async () => {
    let purpose: string | null = null;
    server.use(
      mswHttp.post('/app/api/v2/auth/code/', ({ request }) => {
        purpose = new URL(request.url).searchParams.get('for');
        return HttpResponse.json({ phone: PHONE, expires_in: 600 });
      }),
    );
    await start();
    expect(await screen.findByText('Enter the code we sent to +7 916 123 45 67.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Restore password' })).toBeInTheDocument();
    expect(document.title).toBe('Dolya - Restore password');
    expect(purpose).toBe('restore');
  });

  it("tells an unknown phone 'This user does not exist.', in both languages", async () => {
    server.use(mswHttp.post('/app/api/v2/auth/code/', () => errorBody('user_does_not_exist', 404, 'phone')));
    const { unmount } = await start();
    expect(await screen.findByRole('alert')).toHaveTextContent('This user does not exist.');
    unmount();
    await start('ru');
    expect(await screen.findByRole('alert')).toHaveTextContent('Такого пользователя нет.');
  });

  it("reads a failed restore as 'Server could not restore the password'", async () => {
    server.use(
      mswHttp.post('/app/api/v2/auth/code/', () => HttpResponse.json({ phone: PHONE, expires_in: 600 })),
      mswHttp.post('/app/api/v2/auth/code/check/', () => HttpResponse.json({ ok: true })),
      mswHttp.post('/app/api/v2/auth/password/', () => errorBody('internal', 500)),
    );
    const { user } = await start();
    await user.type(await screen.findByLabelText('Code from the SMS'), '123456');
    await user.type(await screen.findByLabelText('New password'), 'newpass');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server could not restore the password. Please try again later.');
  });

  it('checks the code for restoring, sets the new password with it and signs in', async () => {
    let body: unknown;
    let purpose: string | null = null;
    let checked: string | null = null;
    server.use(
      mswHttp.post('/app/api/v2/auth/code/', () => HttpResponse.json({ phone: PHONE, expires_in: 600 })),
      mswHttp.post('/app/api/v2/auth/code/check/', async ({ request }) => {
        checked = new URL(request.url).searchParams.get('for');
        return HttpResponse.json({ ok: true });
      }),
      mswHttp.post('/app/api/v2/auth/password/', async ({ request }) => {
        purpose = new URL(request.url).searchParams.get('for');
        body = await request.json();
        return HttpResponse.json({ token: 'short' });
      }),
      mswHttp.post('/app/api/v2/auth/login/', () => HttpResponse.json({ token: 'restored' })),
      ...initialLoadHandlers(aUser({ phone: PHONE })),
      noEventsHandler(),
    );
    const { user, router } = await start();
    await user.type(await screen.findByLabelText('Code from the SMS'), '123456');
    await user.type(await screen.findByLabelText('New password'), 'newpass');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(purpose).toBe('restore');
    expect(checked).toBe('restore');
    expect(body).toEqual({ phone: PHONE, code: '123456', password: 'newpass' });
    expect(localStorage.getItem('token')).toBe('restored');
  });
});
