import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpensesResponse } from '@common/contract/operations';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { KindIcon } from '../form/KindIcon';
import { dayLabel } from '../lib/feed';
import { localeOf, minorOf, moneyMinor } from '../lib/money';
import type { ExpensesParams } from '../operations-api';
import { useExpensesDayQuery } from '../operations-queries';
import styles from './MyShare.module.css';

/** Days listed at first, and added per 'show more': three years of a shared flat are a thousand days. */
const DAY_STEP = 30;

interface ShareDaysProps {
  eventId: number;
  params: ExpensesParams;
  /** The figures the days belong to; a new one (an operation changed, the toggle) reloads the open days. */
  summary: ExpensesResponse;
  updating: boolean;
}

/**
 * The spending operations of the my-share tab, day by day, newest first. The figures come
 * without the operations, which a long event has thousands of; a day's operations load when it
 * is opened, and the newest day opens by itself.
 */
export function ShareDays({ eventId, params, summary, updating }: ShareDaysProps) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const [limit, setLimit] = useState(DAY_STEP);
  const newest = summary.operations.at(-1)?.day;
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(newest ? [newest] : []));
  const days = summary.operations.slice(-limit).reverse();
  const more = summary.operations.length - days.length;
  const c = summary.currency;
  const words = { today: t('feed.today'), yesterday: t('feed.yesterday') };

  const toggle = (day: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(day)) next.add(day);
      return next;
    });

  return (
    <section className={styles.list} aria-labelledby="share-list-title" data-updating={updating || undefined}>
      <h3 id="share-list-title" className={styles.listTitle}>
        {t('share.list')}
      </h3>
      {days.map((d) => {
        const expanded = open.has(d.day);
        const bodyId = `share-day-${d.day}`;
        return (
          <div key={d.day} className={styles.listDay} data-testid="share-day">
            <h4 className={styles.listDayHead}>
              <button type="button" className={styles.dayToggle} aria-expanded={expanded} aria-controls={bodyId} onClick={() => toggle(d.day)}>
                <svg className={styles.chevron} width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span className={styles.dayName}>{dayLabel(d.day, locale, words)}</span>
                <span className={styles.dayCount}>{t('share.dayCount', { count: d.count })}</span>
                <span className="amount">{moneyMinor(minorOf(d.total, c) ?? 0, c, locale)}</span>
              </button>
            </h4>
            {expanded && <DayOperations id={bodyId} eventId={eventId} day={d.day} params={params} summary={summary} />}
          </div>
        );
      })}
      {more > 0 && (
        <Button scheme="gray" className={styles.more} onClick={() => setLimit((l) => l + DAY_STEP)}>
          {t('share.showMoreDays', { count: more, n: more.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-US') })}
        </Button>
      )}
    </section>
  );
}

function DayOperations({ id, eventId, day, params, summary }: { id: string; eventId: number; day: string; params: ExpensesParams; summary: ExpensesResponse }) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  // Read again with the rest of the ledger's figures when the money changes; the rows on screen stay until the new ones come.
  const { data: operations, isError, refetch } = useExpensesDayQuery({ eventId, day, currency: params.currency, family: params.family });

  if (isError) {
    return (
      <div id={id} className={styles.dayState} role="alert">
        <span>{t('share.dayError')}</span>
        <Button scheme="gray" onClick={() => void refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  if (!operations) {
    return (
      <div id={id} className={styles.dayState} role="status" data-testid="share-day-loading">
        <Spinner size={16} decorative /> {t('common:actions.loading')}
      </div>
    );
  }
  const c = summary.currency;
  return (
    <ul id={id} className={styles.listRows}>
      {operations.map((op) => (
        <li key={op.id} className={styles.listRow} data-testid="share-op">
          <span className={styles.listIcon}>
            <KindIcon kind={op.kind} size={18} />
          </span>
          <span className={styles.listText}>
            <span className={styles.listName}>{op.description || t(`kinds.${op.kind}`)}</span>
            <span className={`${styles.listOf} amount`}>{t('share.of', { amount: moneyMinor(minorOf(op.amount, c) ?? 0, c, locale) })}</span>
          </span>
          <span className={styles.listMine}>
            <span className="amount">{moneyMinor(minorOf(op.my_share, c) ?? 0, c, locale)}</span>
            <span className={styles.listMineLabel}>{params.family ? t('share.partFamily') : t('share.part')}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
