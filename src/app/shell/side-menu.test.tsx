import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, initialLoadHandlers, noEventsHandler } from '../../../tests/web/fixtures';
import { server } from '../../../tests/web/msw';
import { renderApp } from '../../../tests/web/render';

describe('the phone side menu', () => {
  it('opens on its first item, with a small close button instead of a full-width row, in both languages', async () => {
    for (const [language, close, events] of [
      ['en', 'Close menu', 'Events'],
      ['ru', 'Закрыть меню', 'События'],
    ] as const) {
      localStorage.setItem('token', 't');
      localStorage.setItem('cookie_consent', 'true');
      server.use(...initialLoadHandlers(aUser()), noEventsHandler());
      const view = renderApp('/events', { language });
      await userEvent.click(await screen.findByTestId('menu-button'));
      const menu = screen.getByTestId('side-menu');
      const closeButton = within(menu).getByRole('button', { name: close });
      // An icon: its name is its label, no words take a row of the menu.
      expect(closeButton).toHaveTextContent('');
      expect(within(menu).getByRole('link', { name: events })).toHaveFocus();
      await userEvent.click(closeButton);
      await waitFor(() => expect(screen.queryByTestId('side-menu')).toBeNull());
      view.unmount();
    }
  });
});
