import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrency } from '@common/currencies';
import { useAppSelector } from '@/app/hooks';
import formStyles from '@/components/Form.module.css';
import styles from './CurrencySelect.module.css';

export interface CurrencyOption {
  code: string;
  name: string;
}

/** The currency's name in the interface language; the server's description for a code this build does not know. */
export function currencyLabel(code: string, lang: string, fallback = ''): string {
  const known = getCurrency(code);
  if (!known) return fallback || code;
  return lang.startsWith('ru') ? known.ru : known.en;
}

/**
 * Codes that start with the query first, then names with a word that does ('eur', 'евро',
 * 'dollar'), ignoring case; matching inside words would make 'us' find 'Russian ruble'.
 */
export function filterCurrencies(options: CurrencyOption[], query: string): CurrencyOption[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return options;
  const byCode = options.filter((o) => o.code.toLocaleLowerCase().startsWith(q));
  const wordStart = (name: string) => {
    const n = name.toLocaleLowerCase();
    return n.startsWith(q) || n.includes(` ${q}`) || n.includes(`-${q}`);
  };
  const byName = options.filter((o) => !byCode.includes(o) && wordStart(o.name));
  return [...byCode, ...byName];
}

export interface CurrencySelectProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
  id?: string;
}

/**
 * A searchable currency picker (an ARIA combobox): type a code or a name in the current
 * language, pick with the mouse or the arrow keys and Enter. The list comes from the loaded
 * currencies, so only currencies with a rate can be chosen.
 */
export function CurrencySelect({ label, value, onChange, error, id }: CurrencySelectProps) {
  const { t, i18n } = useTranslation('currencies');
  const items = useAppSelector((s) => s.currencies.items);
  const autoId = useId();
  const inputId = id ?? autoId;
  const listId = `${inputId}-list`;
  const errorId = `${inputId}-error`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const options = useMemo<CurrencyOption[]>(() => {
    const list = items.map((c) => ({ code: c.currency, name: currencyLabel(c.currency, i18n.language, c.cur_description) }));
    // The user's currency stays choosable even if the list lacks it.
    if (value && !list.some((o) => o.code === value)) list.unshift({ code: value, name: currencyLabel(value, i18n.language) });
    return list;
  }, [items, i18n.language, value]);
  const filtered = useMemo(() => filterCurrencies(options, query), [options, query]);
  const selected = options.find((o) => o.code === value);
  const shown = open ? query : selected ? `${selected.code} · ${selected.name}` : '';

  const openList = () => {
    setOpen(true);
    setQuery('');
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.code === value),
      ),
    );
  };
  const choose = (option: CurrencyOption | undefined) => {
    if (option) onChange(option.code);
    setOpen(false);
    setQuery('');
  };
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(filtered.length - 1, index));
    setActive(next);
    const el = listRef.current?.children[next] as HTMLElement | undefined;
    el?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openList();
      moveTo(active + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter') {
      if (!open) return;
      e.preventDefault();
      choose(filtered[active]);
    } else if (e.key === 'Escape' && open) {
      // Closes the list only, not the dialog around it.
      e.stopPropagation();
      setOpen(false);
      setQuery('');
    }
  };

  const activeOption = open ? filtered[active] : undefined;
  return (
    <div className={`${formStyles.field} ${styles.wrap}`}>
      <label className={formStyles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={inputId}
          className={`${formStyles.input} ${styles.input}`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${listId}-${activeOption.code}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          placeholder={t('searchPlaceholder')}
          // A long name ends in an ellipsis in a narrow form; the whole of it is one hover away.
          title={open ? undefined : shown || undefined}
          value={shown}
          onFocus={openList}
          onClick={() => !open && openList()}
          onChange={(e) => {
            setOpen(true);
            setQuery(e.target.value);
            setActive(0);
          }}
          onBlur={() => {
            setOpen(false);
            setQuery('');
          }}
          onKeyDown={onKeyDown}
        />
        <svg className={styles.chevron} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {open && (
          <ul ref={listRef} id={listId} className={styles.list} role="listbox" aria-label={label}>
            {filtered.length === 0 ? (
              <li className={styles.empty} role="presentation">
                {t('errors:no_currency_found')}
              </li>
            ) : (
              filtered.map((o, i) => (
                <li
                  key={o.code}
                  id={`${listId}-${o.code}`}
                  role="option"
                  aria-selected={o.code === value}
                  className={`${styles.option} ${i === active ? styles.active : ''}`}
                  // Keeps focus in the input, so its blur does not close the list before the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(o)}
                  onMouseEnter={() => setActive(i)}
                >
                  <span className={styles.code}>{o.code}</span>
                  <span className={styles.name}>{o.name}</span>
                </li>
              ))
            )}
          </ul>
        )}
      </div>
      {error && (
        <p id={errorId} className={formStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
