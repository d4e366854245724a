import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { Event } from '@common/contract/events';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { useAppDispatch } from '@/app/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { eventPicture, eventTitle, restoreEvent } from '../events-slice';
import { useDeletedEventsQuery } from '../events-queries';
import { useListedEvents } from '../hooks';
import { relativeTime } from '../time';
import { BalanceMessage } from './BalanceMessage';
import { ErrorText } from './ErrorText';
import styles from './EventsPage.module.css';
import layout from '@/components/MasterDetail.module.css';
import { SkeletonRows } from '@/components/SkeletonRows';
import { useInView } from '@/lib/observe';
import { FamilyInvitationBanner } from '@/features/profile';

const TABS = ['transactions', 'my-share', 'debts'] as const;

/**
 * Rows drawn at first, and added each time the list's end comes near: drawing a thousand events
 * at once held the open event's first rows back by half a second on a phone.
 */
export const LIST_STEP = 50;

/** Switching events keeps the tab that is open, as the header's Events link does. */
function useCurrentTab(): string {
  const { pathname } = useLocation();
  const last = pathname.split('/').filter(Boolean)[2];
  return TABS.find((tab) => tab === last) ?? 'transactions';
}

export function EventList({ activeId, onCreate, onImport }: { activeId: number | null; onCreate: () => void; onImport: () => void }) {
  const { t } = useTranslation('events');
  const { list, loaded: listLoaded, status: listStatus, error: listError, retry } = useListedEvents();
  const tab = useCurrentTab();
  const [shown, setShown] = useState(LIST_STEP);

  let body;
  if (!listLoaded && listStatus === 'error') {
    body = (
      <div className={layout.state} role="alert">
        <p>{t('list.error')}</p>
        {listError && listError.code !== 'network' && listError.code !== 'internal' && <ErrorText error={listError} fallback="" className="muted" />}
        <Button scheme="gray" onClick={retry}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!listLoaded) {
    body = <SkeletonRows count={4} testId="events-skeleton" />;
  } else if (list.length === 0) {
    body = (
      // One way to create an event on the empty screen: the button in the list's head, right above.
      <div className={layout.state} data-testid="events-empty">
        <p>{t('list.empty')}</p>
      </div>
    );
  } else {
    const drawn = Math.min(shown, list.length);
    body = (
      <>
        <ul className={layout.rows}>
          {list.slice(0, drawn).map((event) => (
            <EventRow key={event.id} event={event} active={event.id === activeId} to={`/events/${event.id}/${tab}`} />
          ))}
        </ul>
        {drawn < list.length && <ShowMore key={drawn} onMore={() => setShown(drawn + LIST_STEP)} />}
      </>
    );
  }

  return (
    <div className={layout.list} data-tour="events-list" aria-busy={listStatus === 'loading'} data-status={listStatus}>
      <div className={layout.listHead}>
        <h1 className={layout.listTitle}>{t('list.title')}</h1>
        <Button onClick={onCreate} data-tour="events-create" data-testid="create-event">
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('list.create')}
        </Button>
      </div>
      <FamilyInvitationBanner />
      {listStatus === 'loading' && !listLoaded && (
        <p className="visually-hidden" role="status">
          {t('common:actions.loading')}
        </p>
      )}
      {body}
      {listLoaded && (
        <div className={styles.listFoot}>
          <button type="button" className={styles.linkButton} onClick={onImport} data-testid="import-event">
            {t('import.open')}
          </button>
        </div>
      )}
      {listLoaded && <DeletedEvents />}
    </div>
  );
}

/**
 * More rows when the list's end nears (keyed by the rows drawn, so that each step observes afresh),
 * or on a press, for keyboards. Without IntersectionObserver every step counts as near, and the
 * whole list is drawn as before.
 */
function ShowMore({ onMore }: { onMore: () => void }) {
  const { t } = useTranslation('events');
  const ref = useRef<HTMLDivElement>(null);
  useInView(ref, (visible) => visible && onMore(), '600px 0px');
  return (
    <div ref={ref} className={styles.listFoot} data-testid="events-more">
      <Button scheme="gray" onClick={onMore}>
        {t('list.showMore')}
      </Button>
    </div>
  );
}

/** Drawn again only when its own event changes: the list's state changes with every answer about any event. */
const EventRow = memo(function EventRow({ event, active, to }: { event: Event; active: boolean; to: string }) {
  const { t, i18n } = useTranslation('events');
  const title = eventTitle(event);
  const dialogue = event.quasi_event_name !== null;
  const when = relativeTime(event.last_activity, i18n.language);
  return (
    <li>
      <Link to={to} className={`${layout.rowLink} ${styles.row}`} aria-current={active ? 'page' : undefined} data-testid={`event-row-${event.id}`}>
        <Avatar url={eventPicture(event)} name={title} size={44} />
        <span className={styles.rowMain}>
          <span className={styles.rowLine}>
            <span className={styles.rowTitle}>
              <span className={styles.rowName}>{title}</span>
            </span>
            <time dateTime={event.last_activity} className={styles.rowTime} title={t('list.lastActivity', { when })}>
              {when}
            </time>
          </span>
          <span className={styles.rowLine}>
            {dialogue && <span className={styles.tag}>{t('list.dialogue')}</span>}
            {event.unavailable ? (
              // Its figures could not be worked out: say so on this row, never show a made-up 0.
              <span className={`${styles.rowBalance} ${styles.rowUnavailable}`} data-testid="event-unavailable">
                {t('list.unavailable')}
              </span>
            ) : (
              <BalanceMessage amount={event.payout} currency={event.currency} subject="me" approximate={event.approximate} className={styles.rowBalance} />
            )}
            {event.unread_cnt > 0 && (
              <span className={styles.badge} aria-label={t('list.unread', { count: event.unread_cnt })} data-testid="unread-badge">
                {event.unread_cnt > 99 ? '99+' : event.unread_cnt}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
});

/** Deleted events stay recoverable: the owner can restore them from here at any time. */
function DeletedEvents() {
  const { t } = useTranslation('events');
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  // Read each time they are shown.
  const read = useDeletedEventsQuery(open ? undefined : skipToken);
  const deleted = read.data ?? [];
  const toggle = () => setOpen(!open);
  return (
    <div className={styles.deleted}>
      <button type="button" className={styles.linkButton} aria-expanded={open} onClick={toggle}>
        {open ? t('list.hideDeleted') : t('list.showDeleted')}
      </button>
      {open && (
        <div>
          {read.isFetching && deleted.length === 0 && <p className="muted">{t('common:actions.loading')}</p>}
          {read.isError && !read.isFetching && (
            <p role="alert" className={styles.errorText}>
              {t('list.error')}{' '}
              <button type="button" className={styles.linkButton} onClick={() => void read.refetch()}>
                {t('common:actions.retry')}
              </button>
            </p>
          )}
          {read.isSuccess && !read.isFetching && deleted.length === 0 && <p className="muted">{t('list.noDeleted')}</p>}
          {deleted.length > 0 && (
            <ul className={styles.deletedRows} aria-label={t('list.deletedTitle')}>
              {deleted.map((event) => (
                <li key={event.id} className={styles.deletedRow}>
                  <Avatar url={eventPicture(event)} name={eventTitle(event)} size={32} />
                  <span className={styles.rowName}>{eventTitle(event)}</span>
                  {event.isUserOwner && (
                    <Button scheme="gray" onClick={() => void dispatch(restoreEvent(event.id))}>
                      {t('list.restore')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
