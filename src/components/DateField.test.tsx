import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type Language } from '@/lib/i18n';
import { DateField, formatDay, parseDay } from './DateField';

let saved = '';
function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  saved = value;
  return (
    <>
      <label htmlFor="d">Date</label>
      <DateField id="d" value={value} onChange={setValue} />
    </>
  );
}

function renderField(initial: string, language: Language) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <Field initial={initial} />
    </I18nextProvider>,
  );
}

describe('DateField', () => {
  it('writes the day the Russian way in Russian and day first in English, whatever the browser’s language', () => {
    const { unmount } = renderField('2026-11-24', 'ru');
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('24.11.2026');
    expect(screen.getByRole('button', { name: 'Выбрать дату' })).toBeInTheDocument();
    unmount();
    renderField('2026-11-24', 'en');
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('24/11/2026');
  });

  it('takes a typed day once it is whole and real, and puts the last good day back on leaving', async () => {
    renderField('2026-11-24', 'ru');
    const input = screen.getByRole('textbox', { name: 'Date' });
    await userEvent.clear(input);
    await userEvent.type(input, '3.1.2026');
    expect(saved).toBe('2026-01-03');
    await userEvent.clear(input);
    await userEvent.type(input, '31.02.2026');
    expect(saved).toBe('2026-01-03');
    fireEvent.blur(input);
    expect(input).toHaveValue('03.01.2026');
  });

  it('reads and writes days exactly', () => {
    expect(parseDay('24/11/2026')).toBe('2026-11-24');
    expect(parseDay(' 1-2-2026 ')).toBe('2026-02-01');
    expect(parseDay('29.02.2028')).toBe('2028-02-29');
    expect(parseDay('29.02.2026')).toBeNull();
    expect(parseDay('2026-11-24')).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(formatDay('2026-01-03', 'ru')).toBe('03.01.2026');
    expect(formatDay('', 'en')).toBe('');
  });
});
