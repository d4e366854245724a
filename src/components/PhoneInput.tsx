import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Form.module.css';
import { loadPhoneLib, phoneLibIfLoaded, type PhoneLib } from './phone-lib';
import { TextField, type TextFieldProps } from './TextField';

export interface PhoneInputProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type'> {
  value: string;
  /** The text to show and whether it is a possible phone number (the specification's validity flag). */
  onChange: (value: string, valid: boolean) => void;
}

/**
 * Specification §5: keeps only '+' and digits (the value it reports), and reports whether they
 * make a valid number. The field shows them grouped as typed ('+7 916 123 45') with a mark once
 * the number is valid, and in international format once the field is left ('+7 916 123 45 67').
 */
export function PhoneInput({ value, onChange, onFocus, onBlur, end, ...rest }: PhoneInputProps) {
  const { t } = useTranslation();
  const [lib, setLib] = useState<PhoneLib | null>(phoneLibIfLoaded);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  const load = () => {
    if (!lib) void loadPhoneLib().then(setLib);
  };

  // Autofill fills the field without focusing it.
  useEffect(() => {
    if (value && !lib) void loadPhoneLib().then(setLib);
  }, [value, lib]);

  // What was typed before the library arrived is cleaned and checked now.
  useEffect(() => {
    if (!lib) return;
    const { value: current, onChange: emit } = latest.current;
    if (!current) return;
    const kept = lib.keepPhoneChars(current);
    emit(kept === current ? current : kept, lib.isPhoneValid(kept));
  }, [lib]);

  const shown = lib && value === lib.keepPhoneChars(value) ? lib.formatPhoneAsTyped(value) : value;
  const valid = !!lib && value !== '' && lib.isPhoneValid(value);

  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="tel"
      autoComplete={rest.autoComplete ?? 'tel'}
      value={shown}
      // Always there, empty until the number is valid: wrapping the input later would remount it mid-typing.
      end={
        end ?? (
          <span className={styles.endMark} data-testid={valid ? 'phone-valid' : undefined}>
            {valid && (
              <>
                <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                  <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span className="visually-hidden">{t('phone.valid')}</span>
              </>
            )}
          </span>
        )
      }
      onFocus={(e) => {
        load();
        onFocus?.(e);
      }}
      onChange={(e) => {
        const text = e.target.value;
        // What was just typed is the newest value, before the parent renders it: the clean-up
        // below must not emit an older one over it when the library arrives mid-typing.
        const report = (next: string, valid: boolean) => {
          latest.current = { ...latest.current, value: next };
          onChange(next, valid);
        };
        if (!lib) {
          load();
          report(text, false);
          return;
        }
        let kept = lib.keepPhoneChars(text);
        // Backspace over a space or a bracket the grouping added: take the digit before it instead,
        // or the field could never be emptied.
        // (One character less and the same digits: a separator was deleted, not the number retyped.)
        if (kept === lib.keepPhoneChars(shown) && text.length === shown.length - 1) kept = kept.slice(0, -1);
        report(kept, lib.isPhoneValid(kept));
      }}
      onBlur={(e) => {
        const e164 = lib?.normalizePhone(value);
        if (lib && e164) onChange(lib.formatPhoneInternational(e164), true);
        onBlur?.(e);
      }}
    />
  );
}
