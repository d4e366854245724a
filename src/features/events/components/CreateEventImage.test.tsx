import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '@common/contract/events';
import { imageStubs, resetImageStubs } from '../../../../tests/web/image-stubs';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { eventAnswer, eventsServer, makeEvent, participant, people, quietTabs, signedIn } from '../test-fixtures';

// Pictures: jsdom cannot decode or crop them (see tests/web/image-stubs).
vi.mock('@/components/images', async (original) => (await import('../../../../tests/web/image-stubs')).imagesModule(original));
vi.mock('react-easy-crop', async () => (await import('../../../../tests/web/image-stubs')).cropperModule);

beforeEach(() => {
  signedIn();
  quietTabs();
});
afterEach(() => {
  resetImageStubs();
});

/** The create form, with POST /event/ recording its body and answering the created event. */
async function openCreate(language: 'en' | 'ru' = 'en') {
  const events: Event[] = [];
  eventsServer(events);
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.post('/app/api/v1/event/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      const created = makeEvent({
        id: 42,
        event_name: String(body.event_name),
        image_url: body.image_url ? '/app/img/7/{size}.webp' : null,
        contacts: [participant(people.me, 1)],
      });
      events.push(created);
      return eventAnswer(created);
    }),
  );
  const user = userEvent.setup({ applyAccept: false });
  renderApp('/events', { language });
  await user.click(await screen.findByTestId('create-event'));
  const dialog = await screen.findByTestId('create-event-modal');
  return { user, dialog, posted };
}

const shownPicture = (dialog: HTMLElement) => within(dialog).getByTestId('event-image-field').querySelector('[data-avatar]');

describe('the event picture in the create-event form', () => {
  it('checks the file and the crop with the messages of specification §5, then sends the cropped picture', async () => {
    const { user, dialog, posted } = await openCreate();
    const input = within(dialog).getByTestId('event-image-file') as HTMLInputElement;
    const size = 'Picture size should be between 70x70px and 10000x10000px';
    // No picture yet: the event's initials stand in, from the name as it is typed.
    await user.type(within(dialog).getByLabelText('Event name'), 'Sea trip');
    expect(shownPicture(dialog)).toHaveAttribute('data-avatar', 'initials');

    await user.upload(input, new File(['gif'], 'trip.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByText(size)).toBeInTheDocument();

    imageStubs.facts = { width: 69, height: 300 };
    await user.upload(input, new File(['png'], 'small.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(size)).toBeInTheDocument();
    expect(screen.queryByTestId('image-cropper')).not.toBeInTheDocument();

    imageStubs.facts = { width: 400, height: 300 };
    await user.upload(input, new File([new Uint8Array(5_242_881)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await within(dialog).findByText(size)).toBeInTheDocument();

    imageStubs.cropped = `data:image/png;base64,${'A'.repeat(1_000_000)}`;
    await user.upload(input, new File(['png'], 'big.png', { type: 'image/png' }));
    await user.click(within(await screen.findByTestId('image-cropper')).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Picture size is too big')).toBeInTheDocument();
    expect(shownPicture(dialog)).toHaveAttribute('data-avatar', 'initials');

    imageStubs.cropped = 'data:image/png;base64,Q1JPUFBFRA==';
    await user.upload(input, new File(['png'], 'ok.png', { type: 'image/png' }));
    await user.click(within(await screen.findByTestId('image-cropper')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByTestId('image-cropper')).not.toBeInTheDocument());
    expect(within(dialog).queryByText('Picture size is too big')).not.toBeInTheDocument();
    expect(shownPicture(dialog)?.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,Q1JPUFBFRA==');

    await user.click(within(dialog).getByTestId('create-event-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The base64 alone, as the API takes it.
    expect(posted[0]).toMatchObject({ event_name: 'Sea trip', image_url: 'Q1JPUFBFRA==' });
    // The new event's list row and header show the stored picture.
    const header = await screen.findByTestId('event-header');
    expect(header.querySelector('[data-avatar] img')).toHaveAttribute('src', '/app/img/7/140x140.webp');
    expect((await screen.findByTestId('event-row-42')).querySelector('[data-avatar] img')).toHaveAttribute('src', '/app/img/7/140x140.webp');
  });

  it('sends a predefined picture as pixels', async () => {
    const { user, dialog, posted } = await openCreate();
    await user.type(within(dialog).getByLabelText('Event name'), 'Dacha');
    await user.click(within(dialog).getByRole('button', { name: 'Choose a picture' }));
    await user.click(within(await screen.findByTestId('avatar-picker')).getByRole('button', { name: 'Owl' }));
    await waitFor(() => expect(shownPicture(dialog)?.querySelector('img')).toHaveAttribute('src', `data:image/png;base64,${btoa('/avatars/owl.svg')}`));
    await user.click(within(dialog).getByTestId('create-event-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.image_url).toBe(btoa('/avatars/owl.svg'));
  });

  it('shows a refused picture under the field, in Russian too, and keeps the form open', async () => {
    const { user, dialog } = await openCreate('ru');
    server.use(
      http.post('/app/api/v1/event/', () =>
        HttpResponse.json({ error: 'The picture should be square', code: 'picture_not_square', field: 'image_url' }, { status: 400 }),
      ),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Название события' }), 'Дача');
    await user.upload(within(dialog).getByTestId('event-image-file') as HTMLInputElement, new File(['png'], 'ok.png', { type: 'image/png' }));
    await user.click(within(await screen.findByTestId('image-cropper')).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(screen.queryByTestId('image-cropper')).not.toBeInTheDocument());
    await user.click(within(dialog).getByTestId('create-event-submit'));
    const field = within(dialog).getByTestId('event-image-field');
    expect(await within(field).findByText('Изображение должно быть квадратным')).toBeInTheDocument();
    expect(within(dialog).getByTestId('create-event-submit')).toBeEnabled();
  });
});

describe('the event picture in the list and the header', () => {
  it('shows the stored picture, and the initials of the name for an event without one', async () => {
    eventsServer([
      makeEvent({ id: 5, event_name: 'Sea trip', image_url: '/app/img/9/{size}.webp', contacts: [participant(people.me, 1)] }),
      makeEvent({ id: 6, event_name: 'Dacha works', image_url: null, contacts: [participant(people.me, 1)] }),
    ]);
    renderApp('/events/6/transactions');
    expect((await screen.findByTestId('event-row-5')).querySelector('[data-avatar] img')).toHaveAttribute('src', '/app/img/9/140x140.webp');
    const plain = screen.getByTestId('event-row-6').querySelector('[data-avatar]');
    expect(plain).toHaveAttribute('data-avatar', 'initials');
    expect(plain).toHaveAttribute('data-initials', 'DW');
    const header = await screen.findByTestId('event-header');
    expect(header.querySelector('[data-avatar]')).toHaveAttribute('data-initials', 'DW');
  });
});

describe('changing the event picture from the header', () => {
  it('lets the owner upload a new picture or remove it; the PUT carries it', async () => {
    const event = makeEvent({ id: 5, event_name: 'Sea trip', image_url: '/app/img/9/{size}.webp', contacts: [participant(people.me, 1)] });
    eventsServer([event]);
    const sent: unknown[] = [];
    server.use(
      http.put('/app/api/v1/event/5/', async ({ request }) => {
        const body = (await request.json()) as { data: { image_url: string | null } };
        sent.push(body);
        return eventAnswer({ ...event, image_url: body.data.image_url ? '/app/img/10/{size}.webp' : null });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/events/5/transactions');
    await user.click(await screen.findByTestId('change-event-image'));
    const dialog = await screen.findByTestId('event-image-dialog');
    // Nothing new chosen yet: nothing to save.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    imageStubs.facts = { width: 50, height: 50 };
    await user.upload(within(dialog).getByTestId('event-image-file') as HTMLInputElement, new File(['png'], 'small.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Picture size should be between 70x70px and 10000x10000px')).toBeInTheDocument();
    imageStubs.facts = { width: 400, height: 300 };
    await user.upload(within(dialog).getByTestId('event-image-file') as HTMLInputElement, new File(['png'], 'ok.png', { type: 'image/png' }));
    await user.click(within(await screen.findByTestId('image-cropper')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('event-image-dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ data: { image_url: 'Q1JPUFBFRA==' } }]);
    expect(screen.getByTestId('event-header').querySelector('[data-avatar] img')).toHaveAttribute('src', '/app/img/10/140x140.webp');

    await user.click(screen.getByTestId('change-event-image'));
    await user.click(within(await screen.findByTestId('event-image-dialog')).getByRole('button', { name: 'Remove the picture' }));
    await waitFor(() => expect(screen.queryByTestId('event-image-dialog')).not.toBeInTheDocument());
    expect(sent[1]).toEqual({ data: { image_url: null } });
    expect(screen.getByTestId('event-header').querySelector('[data-avatar]')).toHaveAttribute('data-avatar', 'initials');
  });

  it('offers no change to a participant who is not the owner', async () => {
    eventsServer([
      makeEvent({ id: 5, event_name: 'Sea trip', isUserOwner: false, owner: 3, image_url: '/app/img/9/{size}.webp', contacts: [participant(people.me, 1)] }),
    ]);
    renderApp('/events/5/transactions');
    const header = await screen.findByTestId('event-header');
    expect(header.querySelector('[data-avatar] img')).toHaveAttribute('src', '/app/img/9/140x140.webp');
    expect(screen.queryByTestId('change-event-image')).not.toBeInTheDocument();
  });
});
