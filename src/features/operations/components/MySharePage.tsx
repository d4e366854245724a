import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useCurrentEvent } from '@/features/events';
import { localeOf, minorOf, moneyMinor } from '../lib/money';
import { useEventPeople } from '../lib/people';
import { useSwapDelay } from '../lib/swap-delay';
import { useExpensesQuery } from '../operations-queries';
import { ShareDays } from './ShareDays';
import { PersonBars, SpendingChart, type DayPoint } from './SpendingChart';
import tab from './TabPage.module.css';
import styles from './MyShare.module.css';

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
 * family's), spending by day and by person as charts, and the spending operations with my part,
 * day by day. Every figure is the server's (GET /operation/expenses/), summed only in minor units.
 */
export default function MySharePage() {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  // The route's id, not the loaded event's: the summary is asked for together with the event.
  const { id: eventId, event, displayParams } = useCurrentEvent();
  const people = useEventPeople();
  const [wholeFamily, setWholeFamily] = useState(false);

  const myFamily = people.familyOf.get(people.me);
  const familyMembers = useMemo(() => new Set(myFamily?.members ?? [people.me]), [myFamily, people.me]);
  const hasFamily = (myFamily?.members.length ?? 0) > 1;
  const family = wholeFamily && hasFamily;

  // The server sums the family's part of every figure, the chart's days included. Read on every
  // visit and after any change to the money (app/server-api.ts): the screen keeps what it has and
  // swaps to the new figures 900 ms later (§4).
  const read = useExpensesQuery(eventId !== null ? { eventId, ...displayParams, family } : skipToken);
  const data = useSwapDelay(read.currentData) ?? null;

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
    return { mine, days, bars };
  }, [data, family, familyMembers, people]);

  if (!event) return null;

  if (!data) {
    if (read.isError) {
      return (
        <div className={styles.state} role="alert">
          <p>{t('share.error')}</p>
          <Button scheme="gray" onClick={() => void read.refetch()}>
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
  // Until the new figures are on screen, the swap delay included.
  const updating = read.isFetching || data !== read.currentData;

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

          <ShareDays eventId={event.id} params={{ currency: displayParams.currency, family }} summary={data} updating={updating} />
        </>
      )}
    </section>
  );
}
