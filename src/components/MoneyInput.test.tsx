import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MoneyInput } from './MoneyInput';

function Field({ currency = 'RUB', initial = '' }: { currency?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return <MoneyInput aria-label="Amount" currency={currency} value={value} onValueChange={setValue} />;
}

describe('MoneyInput (specification §5)', () => {
  it('shows the placeholder 0.00 and asks phones for the decimal keypad', () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveAttribute('placeholder', '0.00');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('maxlength', '16');
  });

  it('keeps digits with a dot or a comma as the decimal separator', async () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '12,5');
    expect(input).toHaveValue('12,5');
    await userEvent.clear(input);
    await userEvent.type(input, '12.5');
    expect(input).toHaveValue('12.5');
  });

  it('drops letters, a second separator and a third decimal as they are typed', async () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '1a2,3.45x6');
    expect(input).toHaveValue('12,34');
  });

  it('keeps at most 16 characters', async () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '12345678901234567890');
    expect(input).toHaveValue('1234567890123456');
  });

  it('follows the currency: no decimals for yen (never 150,5 read as 1505), three for dinars', async () => {
    const { unmount } = render(<Field currency="JPY" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '150,5');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('150,');
    unmount();
    render(<Field currency="KWD" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '1.2345');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('1.234');
  });

  it('cleans a pasted, formatted amount', async () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    input.focus();
    await userEvent.paste('1 234,50 ₽');
    expect(input).toHaveValue('1234,50');
  });
});
