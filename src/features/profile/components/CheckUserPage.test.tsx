import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@common/contract/user';
import { aCurrencyList, aNewUser, aUser, errorBody, initialLoadHandlers, noEventsHandler } from '../../../../tests/web/fixtures';
import { imageStubs, resetImageStubs } from '../../../../tests/web/image-stubs';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';

// Pictures: jsdom cannot decode or crop them (see tests/web/image-stubs).
vi.mock('@/components/images', async (original) => (await import('../../../../tests/web/image-stubs')).imagesModule(original));
vi.mock('react-easy-crop', async () => (await import('../../../../tests/web/image-stubs')).cropperModule);

const PUT = '/app/api/v2/user/me/';

function signedIn(user: User) {
  localStorage.setItem('token', 't');
  server.use(...initialLoadHandlers(user));
}

afterEach(() => {
  resetImageStubs();
  vi.restoreAllMocks();
});

describe('CheckUserPage: Complete your profile', () => {
  it('names every missing field with the messages of specification §5', async () => {
    signedIn(aNewUser());
    renderApp('/checkuser');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name required')).toBeInTheDocument();
    expect(screen.getByText('Last name required')).toBeInTheDocument();
    expect(screen.getByText('Profile picture required')).toBeInTheDocument();
    // Gender has no message of its own in the specification.
    expect(screen.getByText('Required field')).toBeInTheDocument();

    // Once shown, messages follow the fields.
    await user.type(screen.getByLabelText('First name'), '  Anna ');
    expect(screen.queryByText('First name required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Surname'), ' ');
    expect(screen.getByText('Last name required')).toBeInTheDocument();
  });

  it('marks the required fields before any error, in both languages', async () => {
    signedIn(aNewUser());
    const { unmount } = renderApp('/checkuser');
    expect(await screen.findByText('Fields marked * are required.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Surname')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('radiogroup', { name: 'Gender' })).toHaveAttribute('aria-required', 'true');
    // The picture is required too, so its label carries the star like the others.
    const picture = screen.getByRole('group', { name: /photo|picture|avatar/i });
    expect(picture.querySelector('[data-mandatory]')).not.toBeNull();
    expect(screen.queryByText('Last name required')).toBeNull();
    unmount();
    renderApp('/checkuser', { language: 'ru' });
    expect(await screen.findByText('Поля со знаком * обязательны.')).toBeInTheDocument();
  });

  it('shows the same messages in Russian', async () => {
    signedIn(aNewUser());
    renderApp('/checkuser', { language: 'ru' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите имя')).toBeInTheDocument();
    expect(screen.getByText('Укажите фамилию')).toBeInTheDocument();
    expect(screen.getByText('Добавьте фото профиля')).toBeInTheDocument();
    expect(screen.getByText('Обязательное поле')).toBeInTheDocument();
    expect(document.title).toBe('Dolya - Checkuser');
  });

  it('goes on to the page a shared link opened, once the profile is complete', async () => {
    let user = aNewUser();
    signedIn(user);
    server.use(
      mswHttp.put(PUT, () => {
        user = aUser({ full_name: 'Anna Petrova', first_name: 'Anna', last_name: 'Petrova' });
        return HttpResponse.json(user);
      }),
    );
    const { router } = renderApp('/faq');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkuser'));
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Choose an avatar' }));
    await u.click(within(screen.getByRole('dialog', { name: 'Choose an avatar' })).getByRole('button', { name: 'Owl' }));
    await u.type(screen.getByLabelText('First name'), 'Anna');
    await u.type(screen.getByLabelText('Surname'), 'Petrova');
    await u.click(screen.getByLabelText('Female'));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
  });

  it('sends a predefined avatar as PNG pixels with the names, gender and currency, then goes to /events', async () => {
    let body: Record<string, unknown> | undefined;
    let user = aNewUser();
    signedIn(user);
    server.use(
      mswHttp.put(PUT, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        user = aUser({ full_name: 'Anna Petrova', first_name: 'Anna', last_name: 'Petrova', currency: 'EUR', cur_description: 'Euro' });
        return HttpResponse.json(user);
      }),
      // A new currency reloads the rates, which are given in it.
      mswHttp.get('/app/api/v1/currency/', () => HttpResponse.json(aCurrencyList(user.currency))),
      noEventsHandler(),
    );
    const { router, store } = renderApp('/checkuser');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Choose an avatar' }));
    const picker = screen.getByRole('dialog', { name: 'Choose an avatar' });
    expect(within(picker).getAllByRole('button', { pressed: false })).toHaveLength(9);
    await u.click(within(picker).getByRole('button', { name: 'Owl' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await u.type(screen.getByLabelText('First name'), ' Anna  ');
    await u.type(screen.getByLabelText('Surname'), 'Petrova');
    await u.click(screen.getByLabelText('Female'));
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    await u.click(currency);
    await u.type(currency, 'euro');
    await u.keyboard('{Enter}');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(body).toEqual({
      full_name: 'Anna Petrova',
      first_name: 'Anna',
      last_name: 'Petrova',
      gender: 'F',
      currency: 'EUR',
      avatar_url: btoa('/avatars/owl.svg'),
    });
    await waitFor(() => expect(store.getState().currencies.base).toBe('EUR'));
  });

  it('uploads, checks and crops a picture', async () => {
    let body: Record<string, unknown> | undefined;
    signedIn(aNewUser({ first_name: 'Anna', last_name: 'Petrova', gender: 'F' }));
    server.use(
      mswHttp.put(PUT, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(aUser());
      }),
      noEventsHandler(),
    );
    const { router } = renderApp('/checkuser');
    const u = userEvent.setup({ applyAccept: false });
    const input = (await screen.findByTestId('avatar-file')) as HTMLInputElement;
    const size = 'Picture size should be between 70x70px and 10000x10000px';

    await u.upload(input, new File(['gif'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText(size)).toBeInTheDocument();

    imageStubs.facts = { width: 69, height: 300 };
    await u.upload(input, new File(['png'], 'small.png', { type: 'image/png' }));
    expect(await screen.findByText(size)).toBeInTheDocument();
    expect(screen.queryByTestId('image-cropper')).not.toBeInTheDocument();

    imageStubs.facts = { width: 400, height: 300 };
    await u.upload(input, new File([new Uint8Array(5_242_881)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(size)).toBeInTheDocument();

    // The crop comes out too long: refused with its own message.
    imageStubs.cropped = `data:image/png;base64,${'A'.repeat(1_000_000)}`;
    await u.upload(input, new File(['png'], 'big.png', { type: 'image/png' }));
    await u.click(within(await screen.findByTestId('image-cropper')).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Picture size is too big')).toBeInTheDocument();

    imageStubs.cropped = 'data:image/png;base64,Q1JPUFBFRA==';
    await u.upload(input, new File(['png'], 'ok.png', { type: 'image/png' }));
    await u.click(within(await screen.findByTestId('image-cropper')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByTestId('image-cropper')).not.toBeInTheDocument());
    expect(screen.queryByText('Picture size is too big')).not.toBeInTheDocument();
    expect(screen.getByTestId('avatar-field').querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,Q1JPUFBFRA==');

    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(body).toMatchObject({ avatar_url: 'Q1JPUFBFRA==', first_name: 'Anna', last_name: 'Petrova', gender: 'F', currency: 'RUB' });
  });

  it('cancelling the cropper keeps the avatar as it was', async () => {
    signedIn(aNewUser());
    renderApp('/checkuser');
    const u = userEvent.setup();
    await u.upload((await screen.findByTestId('avatar-file')) as HTMLInputElement, new File(['png'], 'me.png', { type: 'image/png' }));
    await u.click(within(await screen.findByTestId('image-cropper')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('image-cropper')).not.toBeInTheDocument();
    expect(screen.getByTestId('avatar-field').querySelector('[data-avatar="empty"]')).toBeInTheDocument();
  });

  it('only logs a failed save and lets the user try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    signedIn(aNewUser({ first_name: 'Anna', last_name: 'Petrova', gender: 'F', avatar_url: '/app/img/3/{size}.webp' }));
    server.use(mswHttp.put(PUT, () => errorBody('internal', 500)));
    const { router } = renderApp('/checkuser');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/checkuser');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('Exit logs out and returns to sign-in', async () => {
    let loggedOut = false;
    signedIn(aNewUser());
    server.use(
      mswHttp.post('/app/api/v1/account/logout/', () => {
        loggedOut = true;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { router } = renderApp('/checkuser');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
