import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type Language } from '@/lib/i18n';
import { MoneyInput } from './MoneyInput';

function Field({ currency = 'RUB', initial = '' }: { currency?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return <MoneyInput aria-label="Amount" currency={currency} value={value} onValueChange={setValue} />;
}

function renderField(props: { currency?: string; initial?: string } = {}, language: Language = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <Field {...props} />
    </I18nextProvider>,
  );
}

describe('MoneyInput (specification §5)', () => {
  it('shows the placeholder 0.00 (0,00 in Russian) and asks phones for the decimal keypad', () => {
    const { unmount } = renderField();
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveAttribute('placeholder', '0.00');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('maxlength', '16');
    unmount();
    renderField({}, 'ru');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('placeholder', '0,00');
  });

  it('follows the currency in its placeholder: 0 for yen, 0.000 for dinars', () => {
    const { unmount } = renderField({ currency: 'JPY' });
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('placeholder', '0');
    unmount();
    renderField({ currency: 'KWD' });
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('placeholder', '0.000');
  });

  it('keeps digits with a dot or a comma as the decimal separator', async () => {
    renderField();
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '12,5');
    expect(input).toHaveValue('12,5');
    await userEvent.clear(input);
    await userEvent.type(input, '12.5');
    expect(input).toHaveValue('12.5');
  });

  it('drops letters but never a typed digit: 3,000 stays 3,000 for the form to ask about', async () => {
    renderField();
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '3,000');
    expect(input).toHaveValue('3,000');
    await userEvent.clear(input);
    await userEvent.type(input, '1a2,3.45x6');
    expect(input).toHaveValue('12,3.456');
  });

  it('keeps at most 16 characters (§5)', async () => {
    renderField();
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '12345678901234567890');
    expect(input).toHaveValue('1234567890123456');
  });

  it('keeps the digits after a separator for yen too (never 150,5 read as 1505 nor as 150)', async () => {
    renderField({ currency: 'JPY' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '150,5');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('150,5');
  });

  it('cleans a pasted, formatted amount', async () => {
    renderField();
    const input = screen.getByRole('textbox', { name: 'Amount' });
    input.focus();
    await userEvent.paste('1 234,50 ₽');
    expect(input).toHaveValue('1234,50');
  });
});
