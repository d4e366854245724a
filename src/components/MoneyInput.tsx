import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { MONEY_INPUT_MAX_LENGTH, sanitizeMoneyInput } from '@common/money';
import formStyles from './Form.module.css';

/** Specification §5: the money placeholder. */
export const MONEY_PLACEHOLDER = '0.00';

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode' | 'maxLength'> {
  value: string;
  /** Receives the text as kept: digits, one dot or comma, the currency's decimals, 16 characters at most. */
  onValueChange: (text: string) => void;
  /** Decides how many decimals are kept (2 for most, 0 for JPY, 3 for KWD). */
  currency: string;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A money field (specification §5): digits with a dot or a comma as the decimal separator, no
 * more decimals than the currency has, at most 16 characters, placeholder 0.00. Anything else is
 * dropped as it is typed or pasted rather than reported later, and phones show the decimal
 * keypad. The text is parsed with parseMoneyInput where the form needs the amount.
 */
export function MoneyInput({ value, onValueChange, currency, invalid, className, placeholder, ref, ...rest }: MoneyInputProps) {
  const onChange = (e: ChangeEvent<HTMLInputElement>) => onValueChange(sanitizeMoneyInput(e.target.value, currency));
  return (
    <input
      ref={ref}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      maxLength={MONEY_INPUT_MAX_LENGTH}
      placeholder={placeholder ?? MONEY_PLACEHOLDER}
      className={[formStyles.input, 'amount', className].filter(Boolean).join(' ')}
      aria-invalid={invalid ? true : undefined}
      value={value}
      onChange={onChange}
      {...rest}
    />
  );
}
