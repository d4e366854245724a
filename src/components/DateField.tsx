import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '@/lib/format';
import formStyles from './Form.module.css';
import styles from './DateField.module.css';

/**
 * How a day is written in each language: Russian '24.11.2026', English the day first as well
 * ('24/11/2026'), like every other date in the app. A native date input would write it the way the
 * browser's own language does (11/24/2026 on an American browser even in the Russian screens).
 */
const SEPARATOR = { ru: '.', en: '/' } as const;

/** 'YYYY-MM-DD' as the language writes it. */
export function formatDay(iso: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return '';
  const sep = SEPARATOR[localeOf(language)];
  return `${m[3]}${sep}${m[2]}${sep}${m[1]}`;
}

/** A typed day ('24.11.2026', '24/11/2026', '1-2-2026') to 'YYYY-MM-DD', or null when it is no real day. */
export function parseDay(text: string): string | null {
  const m = /^\s*(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A day typed in the language's own order, with a calendar button that opens the browser's date
 * picker. While the text is not a whole real day the value stays as it was; leaving the field
 * puts the last good day back, so a half-typed date is never saved.
 */
export function DateField({
  id,
  name,
  value,
  onChange,
  invalid,
  clearable = false,
  'aria-label': ariaLabel,
}: {
  id: string;
  name?: string;
  /** 'YYYY-MM-DD', or '' for no day (a clearable field). */
  value: string;
  onChange: (iso: string) => void;
  invalid?: boolean;
  /** Emptying the field means "no day" (a filter), instead of keeping the last good day (a form). */
  clearable?: boolean;
  'aria-label'?: string;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(() => formatDay(value, i18n.language));
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setText((current) => (parseDay(current) === value ? current : formatDay(value, i18n.language)));
  }, [value, i18n.language]);
  const placeholder = localeOf(i18n.language) === 'ru' ? 'ДД.ММ.ГГГГ' : 'DD/MM/YYYY';

  return (
    <span className={formStyles.withEnd}>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={formStyles.input}
        placeholder={placeholder}
        value={text}
        aria-invalid={invalid ? true : undefined}
        aria-label={ariaLabel}
        onChange={(e) => {
          setText(e.target.value);
          const day = parseDay(e.target.value);
          if (day) onChange(day);
          else if (clearable && e.target.value.trim() === '') onChange('');
        }}
        onBlur={() => setText(formatDay(value, i18n.language))}
      />
      <button
        type="button"
        className={formStyles.endButton}
        aria-label={t('date.choose')}
        title={t('date.choose')}
        onClick={() => picker.current?.showPicker?.()}
      >
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
          <rect x="2.5" y="3.5" width="13" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M2.5 7.5h13M6 2v3M12 2v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        className={styles.native}
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        onChange={(e) => {
          if (e.target.value) onChange(e.target.value);
        }}
      />
    </span>
  );
}
