import { useEffect, useRef, useState } from 'react';
import { loadPhoneLib, phoneLibIfLoaded, type PhoneLib } from './phone-lib';
import { TextField, type TextFieldProps } from './TextField';

export interface PhoneInputProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type'> {
  value: string;
  /** The text to show and whether it is a possible phone number (the specification's validity flag). */
  onChange: (value: string, valid: boolean) => void;
}

/**
 * Specification §5: keeps only '+' and digits while typing, shows the number in international
 * format once it is complete ('+7 916 123 45 67'), and reports whether it is valid.
 */
export function PhoneInput({ value, onChange, onFocus, onBlur, ...rest }: PhoneInputProps) {
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

  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="tel"
      autoComplete={rest.autoComplete ?? 'tel'}
      value={value}
      onFocus={(e) => {
        load();
        onFocus?.(e);
      }}
      onChange={(e) => {
        const text = e.target.value;
        if (!lib) {
          load();
          onChange(text, false);
          return;
        }
        const kept = lib.keepPhoneChars(text);
        onChange(kept, lib.isPhoneValid(kept));
      }}
      onBlur={(e) => {
        const e164 = lib?.normalizePhone(value);
        if (lib && e164) onChange(lib.formatPhoneInternational(e164), true);
        onBlur?.(e);
      }}
    />
  );
}
