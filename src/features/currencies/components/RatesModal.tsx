import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import formStyles from '@/components/Form.module.css';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { formatRate, formatUnits, localeOf } from '@/lib/format';
import { fetchCurrencies } from '../currencies-slice';
import { useDisplayCurrency } from '../display';
import { isStaleRate, longDate, updatedText } from '../lib/updated';
import { currencyLabel, filterCurrencies, type CurrencyOption } from './CurrencySelect';
import styles from './RatesModal.module.css';

/**
 * The exchange rates window (specification §2): the display currency, a search by code or by
 * name in the interface language, every currency's rate against mine ('100 JPY = 52.34 RUB', 2
 * decimals, the unit the server chose) and when the rates were updated.
 */
export default function RatesModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('currencies');
  const dispatch = useAppDispatch();
  const { items, base, lastUpdated, status } = useAppSelector((s) => s.currencies);
  const { currency: display, setCurrency } = useDisplayCurrency();
  const [query, setQuery] = useState('');
  const locale = localeOf(i18n.language);

  // Fresh rates each time the window opens, with names in the language now in use.
  useEffect(() => {
    void dispatch(fetchCurrencies({ lang: locale }));
  }, [dispatch, locale]);

  const options = useMemo<CurrencyOption[]>(() => {
    const list = items.map((c) => ({ code: c.currency, name: currencyLabel(c.currency, i18n.language, c.cur_description) }));
    // My own currency heads the list: everything else is measured against it.
    return [...list.filter((o) => o.code === base), ...list.filter((o) => o.code !== base)];
  }, [items, base, i18n.language]);
  const shown = useMemo(() => filterCurrencies(options, query), [options, query]);
  const byCode = useMemo(() => new Map(items.map((c) => [c.currency, c])), [items]);

  let list;
  if (items.length === 0 && status === 'error') {
    list = (
      <div className={styles.state} role="alert">
        <p>{t('loadError')}</p>
        <Button scheme="gray" onClick={() => void dispatch(fetchCurrencies({ lang: locale }))}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    list = (
      <div className={styles.state}>
        <Spinner />
      </div>
    );
  } else if (shown.length === 0) {
    list = (
      <p className={styles.state} role="status">
        {t('errors:no_currency_found')}
      </p>
    );
  } else {
    list = (
      <ul className={styles.rows} aria-label={t('rates.listLabel', { base })}>
        {shown.map((o) => {
          const rate = byCode.get(o.code);
          const [units, value] = rate?.exchange_rate ?? [1, 1];
          return (
            <li key={o.code} className={styles.row} data-testid={`rate-${o.code}`}>
              <span className={styles.code}>{o.code}</span>
              <span className={styles.name}>{o.name}</span>
              <span className={styles.rate}>
                {o.code === base ? (
                  <span className={styles.mine}>{t('rates.mine')}</span>
                ) : (
                  <>
                    <span className={styles.units}>
                      {formatUnits(units, locale)} {o.code} ={' '}
                    </span>
                    <span className={styles.value}>
                      {formatRate(value, locale)} {base}
                    </span>
                    {rate && isStaleRate(rate.last_updated, lastUpdated) && (
                      <span className={styles.asOf}>{t('rates.asOf', { date: longDate(rate.last_updated, i18n.language) })}</span>
                    )}
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Modal
      title={t('rates.title')}
      onClose={onClose}
      initialFocus="input[type='search']"
      testId="rates-modal"
      footer={
        <Button scheme="gray" onClick={onClose} data-testid="rates-close">
          {t('common:actions.close')}
        </Button>
      }
    >
      <div className={styles.body}>
        <label className={styles.display}>
          <span className={formStyles.label}>{t('display.label')}</span>
          <select
            className={`${formStyles.input} ${styles.select}`}
            value={display ?? ''}
            onChange={(e) => setCurrency(e.target.value || null)}
            data-testid="display-currency-select"
          >
            <option value="">{t('display.none')}</option>
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.code} · {o.name}
              </option>
            ))}
          </select>
          <span className={styles.hint}>{display ? t('display.approximateHint', { currency: display }) : t('display.noneHint')}</span>
        </label>

        <div className={styles.sticky}>
          <input
            type="search"
            className={formStyles.input}
            placeholder={t('searchPlaceholder')}
            aria-label={t('rates.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <div className={styles.meta}>
            <span>{base ? t('rates.against', { base }) : ''}</span>
            {lastUpdated && (
              <time dateTime={lastUpdated} className={styles.updated} data-testid="rates-updated">
                {updatedText(t, lastUpdated, i18n.language)}
              </time>
            )}
          </div>
        </div>
        {list}
      </div>
    </Modal>
  );
}
