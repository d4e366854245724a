import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../../tests/web/render-component';
import { loadPhoneLib, phoneLibIfLoaded } from './phone-lib';
import { PhoneInput } from './PhoneInput';

function Harness({ onValidity }: { onValidity: (valid: boolean) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <PhoneInput
        label="Phone"
        value={value}
        onChange={(v, valid) => {
          setValue(v);
          onValidity(valid);
        }}
      />
      <button>Elsewhere</button>
      <output data-testid="kept">{value}</output>
    </>
  );
}

describe('PhoneInput (specification §5)', () => {
  it('cleans what was typed before the phone library loaded', async () => {
    // Runs first in this file, so the library really is not there yet.
    expect(phoneLibIfLoaded()).toBeNull();
    const user = userEvent.setup();
    const onValidity = vi.fn();
    renderComponent(<Harness onValidity={onValidity} />);
    const input = screen.getByLabelText('Phone');
    await user.type(input, '8 916 123-45-67');
    await waitFor(() => expect(screen.getByTestId('kept')).toHaveTextContent(/^89161234567$/));
    expect(onValidity).toHaveBeenLastCalledWith(true);
  });

  it("keeps only '+' and digits, shows them grouped as typed with a mark once valid, and in international format after", async () => {
    const user = userEvent.setup();
    const onValidity = vi.fn();
    renderComponent(<Harness onValidity={onValidity} />);
    const input = screen.getByLabelText('Phone');
    await user.click(input);
    await act(() => loadPhoneLib());
    await user.type(input, '+7 (916) abc 123-45');
    expect(screen.getByTestId('kept')).toHaveTextContent(/^\+791612345$/);
    expect(input).toHaveValue('+7 916 123 45');
    expect(onValidity).toHaveBeenLastCalledWith(false);
    expect(screen.queryByTestId('phone-valid')).toBeNull();
    await user.type(input, '67');
    expect(onValidity).toHaveBeenLastCalledWith(true);
    expect(input).toHaveFocus();
    expect(screen.getByTestId('phone-valid')).toHaveTextContent('The number is valid');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveValue('+7 916 123 45 67');
  });

  it('deletes a digit when backspace meets a space the grouping added', async () => {
    const user = userEvent.setup();
    renderComponent(<Harness onValidity={() => {}} />);
    const input = screen.getByLabelText('Phone');
    await user.click(input);
    await act(() => loadPhoneLib());
    await user.type(input, '+7916');
    expect(input).toHaveValue('+7 916');
    await user.type(input, '{Backspace}{Backspace}{Backspace}');
    expect(screen.getByTestId('kept')).toHaveTextContent(/^\+7$/);
    await user.type(input, '{Backspace}{Backspace}');
    expect(input).toHaveValue('');
  });

  it('takes the same number pasted again over its formatted self whole', async () => {
    const user = userEvent.setup();
    renderComponent(<Harness onValidity={() => {}} />);
    const input = screen.getByLabelText('Phone');
    await user.click(input);
    await act(() => loadPhoneLib());
    await user.type(input, '+79161234567');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveValue('+7 916 123 45 67');
    await user.tripleClick(input);
    await user.paste('+79161234567');
    expect(screen.getByTestId('kept')).toHaveTextContent(/^\+79161234567$/);
  });

  it('says the number is valid in Russian too', async () => {
    const user = userEvent.setup();
    renderComponent(<Harness onValidity={() => {}} />, { language: 'ru' });
    const input = screen.getByLabelText('Phone');
    await user.click(input);
    await act(() => loadPhoneLib());
    await user.type(input, '89161234567');
    expect(input).toHaveValue('8 (916) 123-45-67');
    expect(screen.getByTestId('phone-valid')).toHaveTextContent('Номер указан верно');
  });
});
