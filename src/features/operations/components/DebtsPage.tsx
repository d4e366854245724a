import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useCurrentEvent } from '@/features/events';
import { minorOf } from '../lib/money';
import { useEventPeople } from '../lib/people';
import { operationsQueries, useDebtsQuery, usePayoutQuery } from '../operations-queries';
import { PaybackCard, transfersOf } from './PaybackCard';
import tab from './TabPage.module.css';
import styles from './Debts.module.css';

type View = 'plan' | 'plain';

/** The event-currency twin of a converted transfer, so a full payback settles exactly. */
function exactFrom(load: () => Promise<{ from: number; to: number; amount: number; currency: string }[]>) {
  return async (from: number, to: number) => {
    const same = (await load()).find((d) => d.from === from && d.to === to);
    return same ? { amount: same.amount, currency: same.currency } : null;
  };
}

function PlainView({ eventId, currency }: { eventId: number; currency?: string }) {
  const { t } = useTranslation('operations');
  const people = useEventPeople();
  const dispatch = useAppDispatch();
  // The previous figures stay on screen while the new ones load.
  const { data, isError, refetch } = useDebtsQuery({ eventId, currency });

  if (!data && !isError) {
    return (
      <p className={styles.state} role="status">
        <Spinner size={18} decorative /> {t('debts.loadingPlain')}
      </p>
    );
  }
  if (isError || !data) {
    return (
      <div className={styles.state} role="alert">
        <p>{t('debts.plainError')}</p>
        <Button scheme="gray" onClick={() => void refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  if (data.debts.length === 0) return <Settled />;
  const exact = exactFrom(async () => {
    const inEventCurrency = await dispatch(operationsQueries.endpoints.debts.initiate({ eventId }, { subscribe: false })).unwrap();
    return inEventCurrency.debts.map((d) => ({ ...d, currency: data.currency }));
  });
  return (
    <>
      <p className={styles.hint}>{t('debts.plainHint')}</p>
      <ul className={styles.cards} data-testid="plain-debts">
        {data.debts.map((d) => (
          <PaybackCard
            key={`${d.from}-${d.to}`}
            transfer={{ from: d.from, to: d.to, amount: minorOf(d.amount, data.currency) ?? 0, currency: data.currency }}
            people={people}
            eventId={eventId}
            approximate={data.approximate}
            exact={exact}
            compact
          />
        ))}
      </ul>
    </>
  );
}

function Settled() {
  const { t } = useTranslation('operations');
  return (
    <div className={styles.settled} data-testid="settled">
      <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="rgb(26 127 55 / 12%)" />
        <path d="M7.5 12.5l3 3 6-6.5" fill="none" stroke="var(--color-accrual)" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className={styles.settledTitle}>{t('debts.settled')}</p>
      <p className={styles.hint}>{t('debts.settledHint')}</p>
    </div>
  );
}

/**
 * The debts tab: the settle-up plan between families as cards (who pays whom how much, each with
 * a one-click Payback), and a toggle to the plain who-owes-whom view before any simplification.
 */
export default function DebtsPage() {
  const { t } = useTranslation('operations');
  const dispatch = useAppDispatch();
  // The route's id, not the loaded event's: the plan is asked for together with the event.
  const { id: eventId, event, displayParams } = useCurrentEvent();
  const people = useEventPeople();
  const [view, setView] = useState<View>('plan');
  // Any change to the money (an operation, families regrouped) invalidates the plan, which reads
  // again while on screen (app/server-api.ts). The figures of the display mode asked for, or none.
  const { currentData: data, isError, refetch } = usePayoutQuery(eventId !== null ? { eventId, ...displayParams } : skipToken);
  const transfers = useMemo(() => (data ? transfersOf(data) : []), [data]);

  if (!event) return null;

  let plan;
  if (!data && isError) {
    plan = (
      <div className={styles.state} role="alert">
        <p>{t('debts.error')}</p>
        <Button scheme="gray" onClick={() => void refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!data) {
    plan = (
      <div role="status" aria-label={t('common:actions.loading')} className={styles.skeletonList} data-testid="debts-loading">
        {[0, 1].map((i) => (
          <div key={i} className={styles.skeletonCard} />
        ))}
      </div>
    );
  } else if (transfers.length === 0) {
    plan = <Settled />;
  } else {
    plan = (
      <>
        <p className={styles.hint}>
          {t('debts.transfers', { count: transfers.length })} {t('debts.planHint')}
        </p>
        <ul className={styles.cards} data-testid="settle-plan">
          {transfers.map((tr) => (
            <PaybackCard
              key={`${tr.from}-${tr.to}-${tr.amount}`}
              transfer={tr}
              people={people}
              eventId={event.id}
              approximate={data.approximate}
              exact={exactFrom(
                async () => (await dispatch(operationsQueries.endpoints.payout.initiate({ eventId: event.id }, { subscribe: false })).unwrap()).transfers,
              )}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="debts-title">
      <div className={tab.head}>
        <h2 id="debts-title" className={tab.heading}>
          <span className={tab.headingText}>{t('debts.title')}</span>
        </h2>
        <div className={styles.segmented} role="radiogroup" aria-label={t('debts.view')}>
          {(['plan', 'plain'] as const).map((v) => (
            <label key={v} className={styles.segment} data-active={view === v || undefined}>
              <input type="radio" name="debts-view" value={v} checked={view === v} onChange={() => setView(v)} />
              {t(`debts.${v}`)}
            </label>
          ))}
        </div>
      </div>
      <div data-tour="settle-plan">{view === 'plan' ? plan : <PlainView eventId={event.id} currency={displayParams.currency} />}</div>
    </section>
  );
}
