import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOperationKind } from '@common/ledger';
import { DateField } from '@/components/DateField';
import formStyles from '@/components/Form.module.css';
import { LinkButton } from '@/components/LinkButton';
import { FORM_KINDS } from '../form/form-model';
import type { EventPeople } from '../lib/people';
import type { FeedFilter } from '../operations-api';
import styles from './Transactions.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The transactions tab's filter as its URL keeps it (?q=&person=&kind=&from=&to=), anything unreadable left out. */
export function filterOf(params: URLSearchParams): FeedFilter {
  const filter: FeedFilter = {};
  const q = params.get('q')?.trim().slice(0, 100);
  if (q) filter.q = q;
  const person = Number(params.get('person'));
  if (Number.isSafeInteger(person) && person > 0) filter.person = person;
  const kind = params.get('kind');
  if (kind && isOperationKind(kind)) filter.kind = kind;
  for (const name of ['from', 'to'] as const) {
    const day = params.get(name);
    if (day && DAY.test(day)) filter[name] = day;
  }
  return filter;
}

export function isFiltered(filter: FeedFilter): boolean {
  return Object.keys(filter).length > 0;
}

/** Writes one filter field into the URL's parameters, dropping it when empty. */
export function withFilter(params: URLSearchParams, name: keyof FeedFilter, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/**
 * Search and filters of the feed: words, a person, a kind, and days from and to. Each change goes
 * into the URL (typing settles for 300 ms first), so a reload or a shared link shows the same list.
 */
export function FeedFilters({
  filter,
  people,
  onChange,
  onClear,
}: {
  filter: FeedFilter;
  people: EventPeople;
  onChange: (name: keyof FeedFilter, value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('operations');
  const uid = useId();
  const [text, setText] = useState(filter.q ?? '');
  useEffect(() => setText(filter.q ?? ''), [filter.q]);
  useEffect(() => {
    if (text.trim() === (filter.q ?? '')) return;
    const timer = setTimeout(() => onChange('q', text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, filter.q, onChange]);

  return (
    <div className={styles.filters} role="search" aria-label={t('filters.label')} data-testid="feed-filters">
      <div className={`${formStyles.field} ${styles.filterText}`}>
        <label className={formStyles.label} htmlFor={`${uid}-q`}>
          {t('filters.text')}
        </label>
        <input
          id={`${uid}-q`}
          type="search"
          className={formStyles.input}
          maxLength={100}
          placeholder={t('filters.textPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${uid}-person`}>
          {t('filters.person')}
        </label>
        <select id={`${uid}-person`} className={formStyles.input} value={filter.person ?? ''} onChange={(e) => onChange('person', e.target.value)}>
          <option value="">{t('filters.anyone')}</option>
          {people.participants.map((p) => (
            <option key={p.uid} value={p.uid}>
              {people.name(p.uid)}
            </option>
          ))}
        </select>
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${uid}-kind`}>
          {t('filters.kind')}
        </label>
        <select id={`${uid}-kind`} className={formStyles.input} value={filter.kind ?? ''} onChange={(e) => onChange('kind', e.target.value)}>
          <option value="">{t('filters.anyKind')}</option>
          {FORM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`filters.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${uid}-from`}>
          {t('filters.from')}
        </label>
        <DateField id={`${uid}-from`} value={filter.from ?? ''} clearable onChange={(day) => onChange('from', day)} />
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${uid}-to`}>
          {t('filters.to')}
        </label>
        <DateField id={`${uid}-to`} value={filter.to ?? ''} clearable onChange={(day) => onChange('to', day)} />
      </div>
      {isFiltered(filter) && (
        <LinkButton className={styles.clearFilters} onClick={onClear} data-testid="clear-filters">
          {t('filters.clear')}
        </LinkButton>
      )}
    </div>
  );
}
