import { Suspense } from 'react';
import type { Event } from '@common/contract/events';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useCurrentEvent } from '../hooks';
import { EventHeader } from './EventHeader';
import { ParticipantsPanel } from './ParticipantsPanel';
import styles from './EventsPage.module.css';

const TABS = [
  { path: 'transactions', label: 'event.transactions', tour: undefined },
  { path: 'my-share', label: 'event.myShare', tour: undefined },
  { path: 'debts', label: 'event.debts', tour: 'event-debts-tab' },
] as const;

function BackLink() {
  const { t } = useTranslation('events');
  return (
    <Link to="/events" className={styles.back} data-testid="events-back">
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <path d="M12.5 4.5L7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('event.back')}
    </Link>
  );
}

/** The open event: header, participants, the tab bar and the tab page from the operations feature. */
export function EventView({ id }: { id: number | null }) {
  const { t } = useTranslation('events');
  const { pathname } = useLocation();
  const { event, status, error, reload } = useCurrentEvent();

  if (id === null || (status === 'error' && (error?.status === 404 || error?.code === 'not_found'))) {
    return (
      <div className={styles.eventState}>
        <BackLink />
        <p role="alert">{t('event.notFound')}</p>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className={styles.eventState}>
        <BackLink />
        <p role="alert">{t('event.error')}</p>
        <Button scheme="gray" onClick={reload}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }

  const sub = pathname.split('/').filter(Boolean)[2];
  // The open tab is mounted while the event loads, hidden, so that it asks for its own data (the
  // feed, the summary, the plan) together with the event rather than after it. The tab area keeps
  // its place in the tree, so the tab is not mounted twice when the event arrives.
  return (
    <div className={event ? styles.event : styles.eventState} data-testid={event ? 'event-view' : undefined}>
      <BackLink />
      {event ? <EventFrame event={event} sub={sub} /> : <Spinner size={28} />}
      <div className={event ? styles.tabPage : undefined} hidden={!event}>
        {/* Each tab is its own lazy chunk: while one loads, only the tab area waits, not the whole frame. */}
        <Suspense fallback={<Spinner size={24} />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

/** The loaded event's header, participants and tab bar. */
function EventFrame({ event, sub }: { event: Event; sub: string | undefined }) {
  const { t } = useTranslation('events');
  return (
    <>
      <EventHeader event={event} />
      <ParticipantsPanel event={event} className={styles.people} />
      <nav className={styles.tabs} aria-label={t('event.tabs')} data-tour="event-tabs">
        {TABS.map((tab) => (
          <NavLink
            key={tab.path}
            // The index route shows transactions too; there the tab points at the index so it reads as current.
            to={tab.path === 'transactions' && sub === undefined ? `/events/${event.id}` : `/events/${event.id}/${tab.path}`}
            end
            className={({ isActive }) => (isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab)}
            data-tour={tab.tour}
          >
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
    </>
  );
}
