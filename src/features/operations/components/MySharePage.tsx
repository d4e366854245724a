import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpensesResponse } from '@common/contract/operations';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useCurrentEvent } from '@/features/events';
import { KindIcon } from '../form/KindIcon';
import { dayLabel } from '../lib/feed';
import { localeOf, minorOf, moneyMinor } from '../lib/money';
import { useEventPeople } from '../lib/people';
import { expensesKeyOf, fetchExpenses } from '../operations-slice';
import { PersonBars, SpendingChart, type DayPoint } from './SpendingChart';
import tab from './TabPage.module.css';
import styles from './MyShare.module.css';

/** Spending operations listed at first, and added per 'show more'. */
const LIST_STEP = 50;

/** A total card's number, exact from the API's major units. */
function Total({ label, amount, currency, approximate, testId }: { label: string; amount: number; currency: string; approximate: boolean; testId: string }) {
  const { t, i18n } = useTranslation('operations');
  const minor = minorOf(amount, currency);
  return (
    <div className={styles.total} data-testid={testId}>
      <span className={styles.totalLabel}>{label}</span>
      <span className={`${styles.totalValue} amount`}>
        {approximate && <abbr title={t('approximateHint')}>{t('approximate')}</abbr>}
        {minor === null ? '—' : moneyMinor(minor, currency, localeOf(i18n.language))}
      </span>
    </div>
  );
}

/**
 * The my-share tab: what the event spent in all, per person on average and as my share (or my
 * family's), spending by day and by person as charts, and the spending operations with my part.
 * Every figure is the server's (GET /operation/expenses/), summed only in minor units.
 */
export default function MySharePage() {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const dispatch = useAppDispatch();
  const { event, displayParams } = useCurrentEvent();
  const people = useEventPeople();
  const expenses = useAppSelector((s) => s.operations.expenses);
  const [wholeFamily, setWholeFamily] = useState(false);
  const [limit, setLimit] = useState(LIST_STEP);

  const myFamily = people.familyOf.get(people.me);
  const familyMembers = useMemo(() => new Set(myFamily?.members ?? [people.me]), [myFamily, people.me]);
  const hasFamily = (myFamily?.members.length ?? 0) > 1;
  const family = wholeFamily && hasFamily;

  const eventId = event?.id ?? null;
  // The server sums the family's part of every figure, the chart's days included.
  const wantedKey = eventId !== null ? expensesKeyOf({ eventId, ...displayParams, family }) : null;

  // Read on every visit: the screen keeps what it has and swaps to the new data 900 ms later (§4).
  useEffect(() => {
    if (eventId !== null) void dispatch(fetchExpenses({ eventId, ...displayParams, family }));
    // displayParams is rebuilt each render; wantedKey carries it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, wantedKey]);

  const data: ExpensesResponse | null = expenses.key === wantedKey ? expenses.data : null;

  const view = useMemo(() => {
    if (!data) return null;
    const c = data.currency;
    const mine = minorOf(data.my_share, c) ?? 0;
    const days: DayPoint[] = data.operations.map((d) => ({ day: d.day, total: minorOf(d.total, c) ?? 0, mine: minorOf(d.mine, c) ?? 0 }));
    const bars = data.shares
      .map((s) => {
        const person = people.byUid.get(s.uid);
        const name = people.name(s.uid);
        return {
          uid: s.uid,
          name,
          share: minorOf(s.share, c) ?? 0,
          highlighted: family ? familyMembers.has(s.uid) : s.uid === people.me,
          avatar: <Avatar url={person?.avatar_url} name={person?.is_me ? person.full_name || name : name} size={28} />,
        };
      })
      .sort((a, b) => b.share - a.share || a.uid - b.uid);
    // Newest first, and only as many as asked for: a year of spending is thousands of rows.
    const list: { day: string; total: number; operations: ExpensesResponse['operations'][number]['operations'] }[] = [];
    let shown = 0;
    let count = 0;
    for (let i = data.operations.length - 1; i >= 0; i--) {
      const d = data.operations[i]!;
      count += d.operations.length;
      if (shown >= limit) continue;
      const ops = [...d.operations].reverse().slice(0, limit - shown);
      shown += ops.length;
      list.push({ day: d.day, total: d.total, operations: ops });
    }
    return { mine, days, bars, list, more: count - shown };
  }, [data, family, familyMembers, people, limit]);

  if (!event) return null;

  if (!data) {
    if (expenses.status === 'error' && expenses.key === wantedKey) {
      return (
        <div className={styles.state} role="alert">
          <p>{t('share.error')}</p>
          <Button scheme="gray" onClick={() => void dispatch(fetchExpenses({ eventId: event.id, ...displayParams, family }))}>
            {t('common:actions.retry')}
          </Button>
        </div>
      );
    }
    return (
      <div className={styles.loading} role="status" aria-label={t('common:actions.loading')} data-testid="share-loading">
        <div className={styles.totals}>
          {[0, 1, 2].map((i) => (
            <div key={i} className={`${styles.total} ${styles.skeleton}`} />
          ))}
        </div>
      </div>
    );
  }

  const c = data.currency;
  const approximate = data.approximate;
  const words = { today: t('feed.today'), yesterday: t('feed.yesterday') };
  const updating = expenses.status === 'loading';

  return (
    <section className={styles.page} aria-labelledby="share-title" aria-busy={updating} data-testid="my-share">
      <div className={tab.head}>
        <h2 id="share-title" className={tab.heading}>
          <span className={tab.headingText}>{t('share.title')}</span>
          <span className={tab.count}>{t('share.participants', { count: data.participants_count })}</span>
        </h2>
        {updating && (
          <span className={styles.updating} data-testid="share-updating">
            <Spinner size={14} decorative /> {t('share.updating')}
          </span>
        )}
        {hasFamily && (
          <label className={styles.toggle}>
            <input type="checkbox" role="switch" checked={wholeFamily} onChange={(e) => setWholeFamily(e.target.checked)} />
            <span>{t('share.wholeFamily')}</span>
          </label>
        )}
      </div>

      <div className={styles.totals}>
        <Total label={t('share.total')} amount={data.total_expenses} currency={c} approximate={approximate} testId="share-total" />
        <Total label={t('share.average')} amount={data.avg_expenses} currency={c} approximate={approximate} testId="share-average" />
        <div className={`${styles.total} ${styles.mine}`} data-testid="share-mine">
          <span className={styles.totalLabel}>{family ? t('share.family') : t('share.mine')}</span>
          <span className={`${styles.totalValue} amount`}>
            {approximate && <abbr title={t('approximateHint')}>{t('approximate')}</abbr>}
            {moneyMinor(view!.mine, c, locale)}
          </span>
        </div>
      </div>

      {view!.days.length === 0 ? (
        <p className={styles.empty} data-testid="share-empty">
          {t('share.empty')}
        </p>
      ) : (
        <>
          <div className={styles.charts}>
            <SpendingChart days={view!.days} currency={c} locale={locale} family={family} />
            <PersonBars people={view!.bars} currency={c} locale={locale} />
          </div>

          <section className={styles.list} aria-labelledby="share-list-title" data-updating={updating || undefined}>
            <h3 id="share-list-title" className={styles.listTitle}>
              {t('share.list')}
            </h3>
            {view!.list.map((d) => (
              <div key={d.day} className={styles.listDay}>
                <h4 className={styles.listDayHead}>
                  <span>{dayLabel(d.day, locale, words)}</span>
                  <span className="amount">{moneyMinor(minorOf(d.total, c) ?? 0, c, locale)}</span>
                </h4>
                <ul className={styles.listRows}>
                  {d.operations.map((op) => (
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
                        <span className={styles.listMineLabel}>{family ? t('share.partFamily') : t('share.part')}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            {view!.more > 0 && (
              <Button scheme="gray" className={styles.more} onClick={() => setLimit((l) => l + LIST_STEP * 2)}>
                {t('share.showMore', { count: view!.more, n: view!.more.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-US') })}
              </Button>
            )}
          </section>
        </>
      )}
    </section>
  );
}
