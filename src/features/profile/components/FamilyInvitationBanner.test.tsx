import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { userSchema, type User } from '@common/contract/user';
import { aContact, aUser, noEventsHandler } from '../../../../tests/web/fixtures';
import { server } from '../../../../tests/web/msw';
import { renderApp } from '../../../../tests/web/render';
import { contactsServer } from '../../../../tests/web/contacts';

const boris = aContact(2, 'Boris Ivanov', '+79160000002');

function invitedBy(...from: (typeof boris)[]): User {
  const at = '2026-11-20T10:00:00.000Z';
  return userSchema.parse({ ...aUser(), family_invitations: { received: from.map((person, i) => ({ id: 100 + i, person, created: at })), sent: [] } });
}

const words = {
  en: { invites: 'Boris Ivanov invites you to their family', accept: 'Accept', menu: 'Menu, 1 family invitation', settings: 'Settings, 1 family invitation' },
  ru: {
    invites: 'Boris Ivanov приглашает вас в свою семью',
    accept: 'Принять',
    menu: 'Меню, 1 приглашение в семью',
    settings: 'Настройки, 1 приглашение в семью',
  },
} as const;

describe('a family invitation received', () => {
  it.each(['en', 'ru'] as const)('is shown above the events list and counted on the menu and avatar, and answered there (%s)', async (language) => {
    const book = contactsServer(invitedBy(boris));
    let accepted = 0;
    server.use(
      noEventsHandler(),
      http.post('/app/api/v1/user/family/invitations/100/accept/', () => {
        accepted += 1;
        book.user = aUser();
        return HttpResponse.json(book.user);
      }),
    );
    renderApp('/events', { language });
    const banner = await screen.findByTestId('family-invitation-banner');
    expect(banner).toHaveTextContent(words[language].invites);
    expect(screen.getByRole('button', { name: words[language].menu })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: words[language].settings })).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: words[language].accept }));
    await waitFor(() => expect(screen.queryByTestId('family-invitation-banner')).not.toBeInTheDocument());
    expect(accepted).toBe(1);
    expect(screen.queryByTestId('invitations-badge')).not.toBeInTheDocument();
  });

  it('is not there when nothing waits for an answer', async () => {
    contactsServer(aUser());
    server.use(noEventsHandler());
    renderApp('/events');
    await screen.findByTestId('create-event');
    expect(screen.queryByTestId('family-invitation-banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invitations-badge')).not.toBeInTheDocument();
  });
});
