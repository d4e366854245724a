import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type Language } from '@/lib/i18n';
import { PasswordField } from './PasswordField';

function renderField(language: Language = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <PasswordField label="Password" name="password" autoComplete="current-password" defaultValue="s3cret" />
    </I18nextProvider>,
  );
}

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed, by mouse or keyboard, and hides it again', async () => {
    renderField();
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('s3cret');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAttribute('title', 'Hide password');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
  });

  it('speaks Russian', () => {
    renderField('ru');
    expect(screen.getByRole('button', { name: 'Показать пароль' })).toBeInTheDocument();
  });
});
