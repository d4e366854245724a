import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aNewUser, errorBody, initialLoadHandlers } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';

const PHONE = '+79161234567';

function codeHandler(calls: unknown[] = []) {
  return mswHttp.post('/app/api/v2/auth/code/', async ({ request }) => {
    calls.push({ for: new URL(request.url).searchParams.get('for'), body: await request.json() });
    return HttpResponse.json({ phone: PHONE, expires_in: 600 });
  });
}

/** POST /v2/auth/code/check/: `right` is the live code (any code when not given). */
function checkHandler(right?: string, calls: string[] = []) {
  return mswHttp.post('/app/api/v2/auth/code/check/', async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    calls.push(code);
    return right === undefined || code === right ? HttpResponse.json({ ok: true }) : errorBody('code_invalid', 400, 'code');
  });
}

async function toCodeStep(language: 'en' | 'ru' = 'en') {
  const view = renderApp('/signup', { language });
  // Only the timer test fakes the clock; the others run on real time.
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  await user.type(await screen.findByLabelText(language === 'en' ? 'Phone number' : 'Номер телефона'), '8 916 123 45 67');
  await user.click(screen.getByRole('button', { name: language === 'en' ? 'Get the code' : 'Получить код' }));
  return { ...view, user };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SignUpPage: phone, code, password', () => {
  it('checks the phone before asking for a code', async () => {
    renderApp('/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Get the code' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '+7916');
    await user.click(screen.getByRole('button', { name: 'Get the code' }));
    expect(await screen.findByText('phone incorrect')).toBeInTheDocument();
  });

  it.each([
    ['user_exists', 409, 'User with this phone already exists'],
    ['too_many_code_requests', 429, 'Too many code requests for this phone number. Please try again later.'],
    ['too_many_code_requests_here', 429, 'Too many code requests from this network. Please try again later.'],
    ['code_send_failed', 502, 'Server could not send the code. Please try again later.'],
    ['internal', 500, 'Server could not send the code. Please try again later.'],
  ] as const)('shows the server’s %s answer to the code request', async (code, status, text) => {
    server.use(mswHttp.post('/app/api/v2/auth/code/', () => errorBody(code, status, 'phone')));
    await toCodeStep();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Get the code' })).toBeInTheDocument();
  });

  it('shows the code-request refusal in Russian', async () => {
    server.use(mswHttp.post('/app/api/v2/auth/code/', () => errorBody('user_exists', 409, 'phone')));
    await toCodeStep('ru');
    expect(await screen.findByRole('alert')).toHaveTextContent('Пользователь с этим номером уже существует');
  });

  it('validates the code, and offers a new one after 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls: unknown[] = [];
    server.use(codeHandler(calls));
    const { user } = await toCodeStep();
    expect(await screen.findByText('Enter the code we sent to +7 916 123 45 67.')).toBeInTheDocument();
    expect(calls).toEqual([{ for: 'signup', body: { phone: PHONE } }]);
    expect(screen.getByTestId('resend-timer')).toHaveTextContent('You can get a new code in 1:00');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the SMS'), '12a3');
    expect(screen.getByLabelText('Code from the SMS')).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('confirmation code too short')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByTestId('resend-timer')).toHaveTextContent(/0:4[45]/);
    expect(screen.queryByRole('button', { name: 'Send the code again' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(46_000));
    await user.click(await screen.findByRole('button', { name: 'Send the code again' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(await screen.findByText('We have sent a new code.')).toBeInTheDocument();
    expect(screen.getByTestId('resend-timer')).toHaveTextContent('1:00');
  });

  it('says a wrong code is wrong on the code step, before asking for a password, in both languages', async () => {
    for (const language of ['en', 'ru'] as const) {
      const checked: string[] = [];
      const passwords: unknown[] = [];
      server.use(
        codeHandler(),
        checkHandler('222222', checked),
        mswHttp.post('/app/api/v2/auth/password/', async ({ request }) => {
          passwords.push(await request.json());
          return HttpResponse.json({ token: 'fresh' });
        }),
      );
      const { user, unmount } = await toCodeStep(language);
      const label = language === 'en' ? 'Code from the SMS' : 'Код из СМС';
      await user.type(await screen.findByLabelText(label), '111111');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        language === 'en' ? 'The confirmation code is incorrect or expired.' : 'Код подтверждения неверный или устарел.',
      );
      expect(screen.getByLabelText(label)).toBeInTheDocument();
      expect(screen.queryByLabelText(language === 'en' ? 'New password' : 'Новый пароль')).toBeNull();
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), '222222');
      expect(await screen.findByLabelText(language === 'en' ? 'New password' : 'Новый пароль')).toBeInTheDocument();
      expect(checked).toEqual(['111111', '222222']);
      expect(passwords).toEqual([]);
      unmount();
    }
  });

  it('checks the password, goes back to the code step when the code ran out meanwhile, and signs up', async () => {
    let attempt = 0;
    const bodies: unknown[] = [];
    let loginBody: unknown;
    server.use(
      codeHandler(),
      checkHandler(),
      mswHttp.post('/app/api/v2/auth/password/', async ({ request }) => {
        bodies.push({ for: new URL(request.url).searchParams.get('for'), body: await request.json() });
        attempt += 1;
        return attempt === 1 ? errorBody('code_invalid', 400, 'code') : HttpResponse.json({ token: 'fresh' });
      }),
      mswHttp.post('/app/api/v2/auth/login/', async ({ request }) => {
        loginBody = await request.json();
        return HttpResponse.json({ token: 'remembered' });
      }),
      ...initialLoadHandlers(aNewUser({ phone: PHONE })),
    );
    const { user, router } = await toCodeStep();
    await user.type(await screen.findByLabelText('Code from the SMS'), '111111');

    // Password managers save the new password under the phone: a username field carries it.
    const password = await screen.findByLabelText('New password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    const username = password.closest('form')!.querySelector('input[autocomplete="username"]');
    expect(username).toHaveValue(PHONE);
    expect(username).toHaveAttribute('type', 'text');
    await user.click(await screen.findByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'abcd');
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('Password is too short')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'e');
    await user.click(screen.getByRole('button', { name: 'Create the account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The confirmation code is incorrect or expired.');
    const code = screen.getByLabelText('Code from the SMS');
    await user.clear(code);
    await user.type(code, '222222');
    // The password typed before is kept: only the code was wrong.
    expect(await screen.findByLabelText('New password')).toHaveValue('abcde');
    await user.click(screen.getByRole('button', { name: 'Create the account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkuser'));
    expect(bodies).toEqual([
      { for: 'signup', body: { phone: PHONE, code: '111111', password: 'abcde' } },
      { for: 'signup', body: { phone: PHONE, code: '222222', password: 'abcde' } },
    ]);
    expect(loginBody).toEqual({ phone: PHONE, password: 'abcde', remember: true });
    expect(localStorage.getItem('token')).toBe('remembered');
  });

  it("reads a failed registration as 'Error in registration'", async () => {
    server.use(
      codeHandler(),
      checkHandler(),
      mswHttp.post('/app/api/v2/auth/password/', () => errorBody('internal', 500)),
    );
    const { user } = await toCodeStep();
    await user.type(await screen.findByLabelText('Code from the SMS'), '111111');
    await user.type(await screen.findByLabelText('New password'), 'abcde');
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error in registration. Please try again.');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });
});
