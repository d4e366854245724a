import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { currencyExponent } from '@common/currencies';
import { MONEY_INPUT_MAX_LENGTH, sanitizeMoneyInput, ungroupedDigits } from '@common/money';
import { useTranslation } from 'react-i18next';
import { localeOf } from '@/lib/format';
import formStyles from './Form.module.css';

/** Specification §5: the money placeholder, '0.00'; Russian screens write it with their comma. */
export function moneyPlaceholder(currency: string, language: string): string {
  let exponent = 2;
  try {
    exponent = currencyExponent(currency);
  } catch {
    // An unknown code keeps the usual two decimals; the form reports the currency itself.
  }
  if (exponent === 0) return '0';
  return `0${localeOf(language) === 'ru' ? ',' : '.'}${'0'.repeat(exponent)}`;
}

/** Mistakes in the typed text itself, said while typing rather than after the first save. */
const TYPING_MISTAKES: ReadonlySet<string> = new Set(['amount_thousands', 'amount_decimals']);

export function isTypingMistake(code: string | undefined): boolean {
  return code !== undefined && TYPING_MISTAKES.has(code);
}

/** What the message about a typed amount needs: '3,000' asks 'Did you mean 3000?'. */
export function moneyErrorValues(text: string): { grouped: string } {
  return { grouped: ungroupedDigits(text) };
}

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode' | 'maxLength'> {
  value: string;
  /** Receives the text as kept: the digits and separators typed, every digit of them. */
  onValueChange: (text: string) => void;
  /** Sets the placeholder's decimals (2 for most, 0 for JPY, 3 for KWD). */
  currency: string;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A money field (specification §5): digits with a dot or a comma as the decimal separator, and
 * phones show the decimal keypad. Letters and signs are dropped as typed; digits never are, so a
 * slip such as '3,000' stays visible and the form asks about it (parseMoneyInput) instead of
 * saving a thousandth of what was meant.
 */
export function MoneyInput({ value, onValueChange, currency, invalid, className, placeholder, ref, ...rest }: MoneyInputProps) {
  const { i18n } = useTranslation();
  const onChange = (e: ChangeEvent<HTMLInputElement>) => onValueChange(sanitizeMoneyInput(e.target.value));
  return (
    <input
      ref={ref}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      maxLength={MONEY_INPUT_MAX_LENGTH}
      placeholder={placeholder ?? moneyPlaceholder(currency, i18n.language)}
      className={[formStyles.input, 'amount', className].filter(Boolean).join(' ')}
      aria-invalid={invalid ? true : undefined}
      value={value}
      onChange={onChange}
      {...rest}
    />
  );
}
