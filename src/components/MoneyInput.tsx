import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { currencyExponent } from '@common/currencies';
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
 * The text a money field keeps. For a currency without decimals (JPY) a typed separator stays and
 * the digits after it are dropped: '150,5' must not turn into 1505 yen.
 */
export function keepMoneyText(text: string, currency: string): string {
  let exponent = 2;
  try {
    exponent = currencyExponent(currency);
  } catch {
    // An unknown code keeps the usual two decimals; the form reports the currency itself.
  }
  if (exponent > 0) return sanitizeMoneyInput(text, currency);
  const m = /^([^.,]*)([.,])?/.exec(text);
  const whole = sanitizeMoneyInput(m?.[1] ?? '', currency);
  return m?.[2] && whole ? `${whole}${m[2]}`.slice(0, MONEY_INPUT_MAX_LENGTH) : whole;
}

/**
 * A money field (specification §5): digits with a dot or a comma as the decimal separator, no
 * more decimals than the currency has, at most 16 characters, placeholder 0.00. Anything else is
 * dropped as it is typed or pasted rather than reported later, and phones show the decimal
 * keypad. The text is parsed with parseMoneyInput where the form needs the amount.
 */
export function MoneyInput({ value, onValueChange, currency, invalid, className, placeholder, ref, ...rest }: MoneyInputProps) {
  const onChange = (e: ChangeEvent<HTMLInputElement>) => onValueChange(keepMoneyText(e.target.value, currency));
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
