import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/lib/i18n';
import { aCurrencyList, aUser, errorBody, initialLoadHandlers } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';

/** Signed in on a screen that makes no calls of its own, with the settings opened from the header avatar. */
async function openSettings(language: Language = 'en') {
  localStorage.setItem('token', 't');
  server.use(...initialLoadHandlers(aUser()));
  const view = renderApp('/faq', { language });
  const user = userEvent.setup();
  const avatar = await screen.findByTestId('profile-button');
  await user.click(avatar);
  const dialog = await screen.findByRole('dialog', { name: language === 'en' ? 'Settings' : 'Настройки' });
  return { ...view, user, dialog, avatar };
}

describe('SettingsModal', () => {
  it('shows the profile with the phone in international format, read-only; Escape closes and focus returns', async () => {
    const { user, dialog, avatar } = await openSettings();
    const phone = within(dialog).getByLabelText('Phone number');
    expect(phone).toHaveValue('+7 999 000 00 07');
    expect(phone).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Anna');
    expect(within(dialog).getByLabelText('Surname')).toHaveValue('Petrova');
    expect(within(dialog).getByLabelText('Female')).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveValue('RUB · Russian ruble');
    expect(within(dialog).getByTestId('avatar-field').querySelector('img')).toHaveAttribute('src', '/app/img/3/140x140.webp');
    expect(within(dialog).getByRole('heading', { name: 'Family' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();
  });

  it('checks the names and saves the changes, reloading the rates for a new currency', async () => {
    let body: unknown;
    let rateLoads = 0;
    const { user, dialog, store } = await openSettings();
    server.use(
      mswHttp.put('/app/api/v2/user/me/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aUser({ first_name: 'Anya', full_name: 'Anya Petrova', currency: 'USD', cur_description: 'US dollar' }));
      }),
      mswHttp.get('/app/api/v1/currency/', () => {
        rateLoads += 1;
        return HttpResponse.json(aCurrencyList('USD'));
      }),
    );
    const first = within(dialog).getByLabelText('First name');
    await user.clear(first);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('First name required')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.type(first, 'Anya');
    const currency = within(dialog).getByRole('combobox', { name: 'Currency' });
    await user.click(currency);
    await user.type(currency, 'USD');
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The avatar did not change, so it is not sent again.
    expect(body).toEqual({ full_name: 'Anya Petrova', first_name: 'Anya', last_name: 'Petrova', gender: 'F', currency: 'USD' });
    expect(store.getState().profile.user?.full_name).toBe('Anya Petrova');
    await waitFor(() => expect(rateLoads).toBe(1));
  });

  it('changes the password: both fields required, the new one at least 5 characters, fields cleared after', async () => {
    let body: unknown;
    const { user, dialog } = await openSettings();
    server.use(
      mswHttp.post('/app/api/v2/user/password/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const form = within(within(dialog).getByTestId('change-password'));
    const submit = form.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();
    await user.click(form.getByLabelText('Old password'));
    await user.click(form.getByLabelText('New password'));
    await user.click(form.getByLabelText('Old password'));
    expect(form.getAllByText('Required field')).toHaveLength(2);

    await user.type(form.getByLabelText('Old password'), 'old-secret');
    expect(submit).toBeDisabled();
    await user.type(form.getByLabelText('New password'), 'abcd');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(form.getByText('Password is too short')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.type(form.getByLabelText('New password'), 'e');
    expect(form.queryByText('Password is too short')).not.toBeInTheDocument();
    await user.click(submit);
    expect(await form.findByText('The password has been changed.')).toBeInTheDocument();
    expect(body).toEqual({ old_password: 'old-secret', password: 'abcde' });
    expect(form.getByLabelText('Old password')).toHaveValue('');
    expect(form.getByLabelText('New password')).toHaveValue('');
    expect(submit).toBeDisabled();
  });

  it.each([
    ['en', 'Old password', 'New password', 'Change password', 'The old password you entered is incorrect. Please try again.'],
    ['ru', 'Старый пароль', 'Новый пароль', 'Сменить пароль', 'Старый пароль введён неверно. Попробуйте ещё раз.'],
  ] as const)('shows a wrong old password inline (%s) and can be sent again', async (language, oldLabel, newLabel, button, text) => {
    let calls = 0;
    const { user, dialog } = await openSettings(language);
    server.use(
      mswHttp.post('/app/api/v2/user/password/', () => {
        calls += 1;
        return errorBody('old_password_incorrect', 400, 'old_password');
      }),
    );
    const form = within(within(dialog).getByTestId('change-password'));
    await user.type(form.getByLabelText(oldLabel), 'not-it');
    await user.type(form.getByLabelText(newLabel), 'abcdef');
    await user.click(form.getByRole('button', { name: button }));
    expect(await form.findByText(text)).toBeInTheDocument();
    expect(form.getByLabelText(oldLabel)).toHaveValue('not-it');
    await user.click(form.getByRole('button', { name: button }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('shows other password-change failures as a message of the form', async () => {
    const { user, dialog } = await openSettings();
    server.use(mswHttp.post('/app/api/v2/user/password/', () => errorBody('too_many_login_attempts', 429, 'old_password')));
    const form = within(within(dialog).getByTestId('change-password'));
    await user.type(form.getByLabelText('Old password'), 'x');
    await user.type(form.getByLabelText('New password'), 'abcdef');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Too many login attempts. Please try again later.');
  });

  it('deletes the account after the confirmation, logs out and closes', async () => {
    let deleted = 0;
    const { user, dialog, router } = await openSettings();
    server.use(
      mswHttp.delete('/app/api/v2/user/me/', () => {
        deleted += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('This action is irreversable. Are you sure you want to delete your account?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(deleted).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(deleted).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the header of a signed-in user', () => {
  it('logs out from the Log out item and returns to sign-in', async () => {
    let loggedOut = 0;
    localStorage.setItem('token', 't');
    server.use(
      ...initialLoadHandlers(aUser()),
      mswHttp.post('/app/api/v1/account/logout/', ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer t');
        loggedOut += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { router, store } = renderApp('/faq');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(loggedOut).toBe(1);
    expect(store.getState().contacts.items).toEqual([]);
    expect(store.getState().profile.user).toBeNull();
    // §4: 'cleared' after logout, before any load.
    expect(store.getState().profile.status).toBe('cleared');
    expect(store.getState().contacts.status).toBe('cleared');
  });
});
