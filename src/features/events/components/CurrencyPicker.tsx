import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { currencyLabel } from '@/features/currencies';
import styles from './EventsPage.module.css';

/**
 * A compact currency choice for the event header, which also offers modes that are not
 * currencies ('As entered'). A native select: the phone's own picker is the fastest there is, and
 * typing a letter jumps to the code. Forms use the searchable CurrencySelect instead.
 */
export function CurrencyPicker({
  value,
  onChange,
  exclude,
  leading = [],
  testId,
  id,
}: {
  value: string;
  onChange: (value: string) => void;
  exclude?: string;
  leading?: { value: string; label: string }[];
  testId?: string;
  id?: string;
}) {
  const { i18n } = useTranslation();
  const items = useAppSelector((s) => s.currencies.items);
  const options = useMemo(() => {
    // Only currencies the server has a rate for can be converted into; the current one always shows.
    const codes = items.map((c) => c.currency);
    if (!leading.some((o) => o.value === value) && !codes.includes(value)) codes.unshift(value);
    return codes.filter((code) => code !== exclude).map((code) => ({ value: code, label: `${code} · ${currencyLabel(code, i18n.language)}` }));
  }, [items, exclude, value, leading, i18n.language]);
  return (
    <select id={id} className={styles.select} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      {leading.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
