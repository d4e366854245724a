import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { aCurrencyList } from '../../../../tests/web/fixtures';
import { renderComponent } from '../../../../tests/web/render-component';
import type { CurrenciesState } from '../currencies-slice';
import { CurrencySelect } from './CurrencySelect';

const list = aCurrencyList();
const currencies: CurrenciesState = { items: list.objects, lastUpdated: list.last_updated, base: list.base, status: 'success', error: null, display: null };

function Harness({ onChange }: { onChange: (code: string) => void }) {
  const [value, setValue] = useState('RUB');
  return (
    <CurrencySelect
      label="Currency"
      value={value}
      onChange={(code) => {
        setValue(code);
        onChange(code);
      }}
    />
  );
}

describe('CurrencySelect', () => {
  it('shows the chosen currency and finds others by code', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderComponent(<Harness onChange={onChange} />, { state: { currencies } });
    const box = screen.getByRole('combobox', { name: 'Currency' });
    expect(box).toHaveValue('RUB · Russian ruble');
    await user.click(box);
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await user.type(box, 'us');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['USDUS dollar']);
    await user.click(options[0]!);
    expect(onChange).toHaveBeenCalledWith('USD');
    expect(box).toHaveValue('USD · US dollar');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('searches by name in the interface language and picks with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderComponent(<Harness onChange={onChange} />, { state: { currencies }, language: 'ru' });
    const box = screen.getByRole('combobox', { name: 'Currency' });
    expect(box).toHaveValue('RUB · Российский рубль');
    await user.click(box);
    await user.type(box, 'лари');
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['GELГрузинский лари']);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('GEL');
  });

  it("says 'no currency found' when nothing matches, and Escape closes only the list", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderComponent(<Harness onChange={onChange} />, { state: { currencies } });
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await user.click(box);
    await user.type(box, 'zzz');
    expect(screen.getByText('no currency found')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('RUB · Russian ruble');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves through the list with the arrow keys', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderComponent(<Harness onChange={onChange} />, { state: { currencies } });
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await user.click(box);
    // The list opens on the chosen currency (RUB, second); one step down is USD.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('USD');
  });

  it.each([
    ['en', 'BAM · Bosnia and Herzegovina convertible mark', 'Bosnia and Herzegovina convertible mark'],
    ['ru', 'BAM · Конвертируемая марка Боснии и Герцеговины', 'Конвертируемая марка Боснии и Герцеговины'],
  ] as const)('keeps a long name whole where a narrow form cuts it (%s)', async (language, full, name) => {
    const user = userEvent.setup();
    renderComponent(<CurrencySelect label="Currency" value="BAM" onChange={() => {}} />, { state: { currencies }, language });
    const box = screen.getByRole('combobox', { name: 'Currency' });
    // The field may end in an ellipsis at 390 px; the whole text is its title.
    expect(box).toHaveValue(full);
    expect(box).toHaveAttribute('title', full);
    await user.click(box);
    expect(box).not.toHaveAttribute('title');
    // In the list the name is all there, to wrap rather than be cut.
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent(`BAM${name}`);
  });
});
