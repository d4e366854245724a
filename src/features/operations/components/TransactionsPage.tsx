import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LinkButton } from '@/components/LinkButton';
import type { Operation } from '@common/contract/operations';
import { OPERATIONS_PAGE_SIZE } from '../lib/limits';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/Button';
import formStyles from '@/components/Form.module.css';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Spinner } from '@/components/Spinner';
import { useCurrentEvent } from '@/features/events';
import { OperationDetails } from '../details/OperationDetails';
import { OperationForm } from '../form/OperationForm';
import { PendingList } from '../offline/PendingList';
import { dayLabel, groupByDay } from '../lib/feed';
import { localeOf } from '../lib/money';
import { canObserve, useInView } from '@/lib/observe';
import { useEventPeople, type EventPeople } from '../lib/people';
import type { FeedFilter } from '../operations-api';
import { feedOf, useFeedInfiniteQuery } from '../feed-queries';
import { deleteOperation, markSeen, restoreOperation } from '../operations-thunks';
import { FeedFilters, filterOf, isFiltered, withFilter } from './FeedFilters';
import { MoveDialog } from './MoveDialog';
import { RecordedToast } from './RecordedToast';
import { OperationRow, type RowActions } from './OperationRow';
import { RowWordsProvider } from './row-words';
import tab from './TabPage.module.css';
import styles from './Transactions.module.css';

/** The rows the seen tracker watches until they are read. */
const UNREAD_ROW = 'article[data-unread]';
/** How long rows must have been on screen before they are marked seen together. */
const SEEN_FLUSH_MS = 600;
/** Pages further than this from the viewport are replaced by a box of their height. */
const PAGE_MARGIN = '1600px 0px';
/** About what a tall phone shows of a page before any scrolling. */
const FIRST_ROWS = 8;

function Skeleton() {
  return (
    <div className={styles.skeleton} aria-hidden="true" data-testid="feed-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={styles.skeletonRow}>
          <span className={styles.skeletonIcon} />
          <span className={styles.skeletonLines}>
            <span />
            <span />
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * One server page of the feed. Far from the viewport it keeps only its measured height, so the DOM
 * stays a few pages deep however long the history is scrolled; near it, it renders its day groups.
 */
const FeedPage = memo(function FeedPage({
  ops,
  previousDay,
  people,
  actions,
  index,
}: {
  ops: Operation[];
  previousDay: string | null;
  people: EventPeople;
  actions: RowActions;
  index: number;
}) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(true);
  const height = useRef<number | null>(null);
  useInView(
    ref,
    (visible) => {
      if (!visible && ref.current) height.current = ref.current.offsetHeight;
      setNear(visible);
    },
    PAGE_MARGIN,
  );
  // The feed's first page draws its first rows with itself and the rest in a background render just
  // after (a deferred value starts at its initial value, and stays true once it has been): on a
  // slow phone the rows on screen paint without waiting for those below the fold. Further pages
  // draw whole, so that the height a far page keeps is always that of all its rows: with no
  // initial value, React returns the value at once and schedules no second render.
  const withRest = useDeferredValue(true, index === 0 ? false : undefined);
  const groups = useMemo(() => groupByDay(withRest ? ops : ops.slice(0, FIRST_ROWS), previousDay), [ops, withRest, previousDay]);
  const collapsed = !near && height.current !== null;
  const words = { today: t('feed.today'), yesterday: t('feed.yesterday') };
  return (
    <div ref={ref} data-page={index} style={collapsed ? { height: height.current ?? undefined } : undefined}>
      {!collapsed && (
        <RowWordsProvider>
          {groups.map((g) => (
            <section key={`${g.day}-${g.ops[0]?.id}`} className={styles.day} aria-label={dayLabel(g.day, locale, words)}>
              {!g.continued && <h3 className={styles.dayHeader}>{dayLabel(g.day, locale, words)}</h3>}
              {g.ops.map((op) => (
                <OperationRow key={op.id} op={op} people={people} actions={actions} />
              ))}
            </section>
          ))}
        </RowWordsProvider>
      )}
    </div>
  );
});

function LoadMore({ onLoad, status }: { onLoad: () => void; status: 'idle' | 'loading' | 'error' }) {
  const { t } = useTranslation('operations');
  const ref = useRef<HTMLDivElement>(null);
  useInView(ref, (visible) => visible && onLoad(), '600px 0px');
  return (
    <div ref={ref} className={styles.more} data-testid="feed-more">
      {status === 'error' ? (
        <>
          <p role="alert">{t('feed.moreError')}</p>
          <Button scheme="gray" onClick={onLoad}>
            {t('common:actions.retry')}
          </Button>
        </>
      ) : status === 'loading' ? (
        <span className={styles.moreLoading} role="status">
          <Spinner size={18} decorative /> {t('feed.loadingMore')}
        </span>
      ) : (
        // Scrolling near loads the next page by itself; the button is for keyboards and old browsers,
        // and nothing animates while idle, so a resting feed costs no paints.
        <Button scheme="gray" onClick={onLoad}>
          {t('feed.showMore')}
        </Button>
      )}
    </div>
  );
}

/** Marks the rows the user has actually had on screen as seen, a batch at a time. */
function useSeenTracker(container: RefObject<HTMLDivElement | null>, eventId: number | null, unread: number) {
  const dispatch = useAppDispatch();
  const queue = useRef(new Set<number>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const unreadRef = useRef(unread);
  unreadRef.current = unread;

  const flush = useCallback(() => {
    timer.current = null;
    if (eventId === null || queue.current.size === 0) return;
    const batch = [...queue.current];
    queue.current.clear();
    // Reading as many as are unread means everything is read: one call, and the counter goes to 0.
    void dispatch(markSeen({ eventId, ids: batch, all: batch.length >= unreadRef.current }));
  }, [dispatch, eventId]);

  useEffect(() => {
    const root = container.current;
    if (!root || !canObserve() || eventId === null) return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const id = Number((entry.target as HTMLElement).dataset.op);
          if (Number.isFinite(id)) queue.current.add(id);
          io.unobserve(entry.target);
        }
        if (queue.current.size > 0 && timer.current === null) timer.current = setTimeout(flush, SEEN_FLUSH_MS);
      },
      { threshold: 0.6 },
    );
    const watch = (node: Element) => {
      if (node.matches(UNREAD_ROW)) io.observe(node);
      node.querySelectorAll(UNREAD_ROW).forEach((el) => io.observe(el));
    };
    watch(root);
    // The feed's DOM says which rows are unread: rows are watched as they appear (a new page, the
    // rest of the first page drawn just after its first rows, a far page drawn again near the
    // viewport) and as a drawn row becomes unread.
    const changed = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') watch(record.target as Element);
        else record.addedNodes.forEach((node) => node instanceof Element && watch(node));
      }
    });
    changed.observe(root, { childList: true, subtree: true, attributeFilter: ['data-unread'] });
    return () => {
      io.disconnect();
      changed.disconnect();
    };
  }, [container, eventId, flush]);

  useEffect(
    () => () => {
      if (timer.current !== null) {
        clearTimeout(timer.current);
        flush();
      }
    },
    [flush],
  );
}

/** 10,000 / 10 000: counts grouped as the reader's language groups them. */
function formatCount(n: number, locale: 'en' | 'ru'): string {
  return n.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-US');
}

/**
 * The transactions tab: the event's operations and comments, newest first, grouped by day. At
 * /events/{id}/transactions/{operationId} one operation's details open over it.
 */
export default function TransactionsPage() {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const dispatch = useAppDispatch();
  // The route's id, not the loaded event's: the frame mounts this tab while the event loads, so
  // the feed is asked for together with it.
  const { id: routeId, event, displayParams } = useCurrentEvent();
  const people = useEventPeople();
  const [formOpen, setFormOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<Operation | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [moving, setMoving] = useState<Operation | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { operationId } = useParams();
  const opened = operationId !== undefined && /^\d{1,10}$/.test(operationId) ? Number(operationId) : null;

  const [params, setParams] = useSearchParams();
  const filterKey = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key says everything the filter holds
  const filter = useMemo(() => filterOf(params), [filterKey]);
  const filtered = isFiltered(filter);
  const [filtersOpen, setFiltersOpen] = useState(filtered);
  const setFilter = useCallback((name: keyof FeedFilter, value: string) => setParams((p) => withFilter(p, name, value), { replace: true }), [setParams]);
  const clearFilters = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  const eventId = event?.id ?? null;
  // Read on every visit and whenever the display currency or the filter changes; a write puts its
  // answer into the pages read (feed-writes.ts).
  const read = useFeedInfiniteQuery(routeId !== null ? { eventId: routeId, ...displayParams, ...(filtered ? { filter } : {}) } : skipToken);
  // What this key's feed holds: another currency's or filter's rows are not shown meanwhile.
  const feed = useMemo(() => (read.currentData ? feedOf(read.currentData.pages) : null), [read.currentData]);
  const ops = useMemo(() => feed?.ops ?? [], [feed]);
  const pages = useMemo(() => {
    const out: Operation[][] = [];
    for (let i = 0; i < ops.length; i += OPERATIONS_PAGE_SIZE) out.push(ops.slice(i, i + OPERATIONS_PAGE_SIZE));
    return out;
  }, [ops]);

  const actions = useMemo<RowActions>(
    () => ({
      onDelete: (op) => setConfirmDelete(op),
      onRestore: (op) => void dispatch(restoreOperation(op.id)),
      onMove: (op) => setMoving(op),
      // The feed's search and filters stay in the address, so closing the details comes back to them.
      onOpen: (op) => void navigate({ pathname: `/events/${op.event_id}/transactions/${op.id}`, search: window.location.search }),
    }),
    [dispatch, navigate],
  );

  const unread = event?.unread_cnt ?? 0;
  useSeenTracker(container, eventId, unread);
  const { fetchNextPage, isFetchingNextPage } = read;
  const onLoadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage]);

  if (!event) return null;
  const moreStatus = isFetchingNextPage ? 'loading' : read.isFetchNextPageError ? 'error' : 'idle';

  const addButton = (
    <button type="button" className={styles.add} onClick={() => setFormOpen(true)} data-tour="add-operation" data-testid="add-operation" data-fab>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className={styles.addText}>{t('feed.add')}</span>
    </button>
  );

  let body;
  if (!feed && read.isError) {
    body = (
      <div className={styles.state} role="alert">
        <p>{t('feed.error')}</p>
        <Button scheme="gray" onClick={() => void read.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!feed) {
    body = (
      <div role="status" aria-label={t('common:actions.loading')}>
        <Skeleton />
      </div>
    );
  } else if (ops.length === 0 && filtered) {
    body = (
      <div className={styles.state} data-testid="feed-no-match">
        <p>{t('filters.nothing')}</p>
        <Button scheme="gray" onClick={clearFilters}>
          {t('filters.clear')}
        </Button>
      </div>
    );
  } else if (ops.length === 0) {
    body = (
      <div className={styles.state} data-testid="feed-empty">
        <p>{t('feed.empty')}</p>
        <Button onClick={() => setFormOpen(true)}>{t('feed.add')}</Button>
      </div>
    );
  } else {
    body = (
      <>
        {pages.map((page, i) => {
          const prev = i > 0 ? pages[i - 1]?.[OPERATIONS_PAGE_SIZE - 1] : undefined;
          return <FeedPage key={i} index={i} ops={page} previousDay={prev ? groupByDay([prev], null)[0]!.day : null} people={people} actions={actions} />;
        })}
        {read.hasNextPage ? <LoadMore onLoad={onLoadMore} status={moreStatus} /> : feed.pages > 1 && <p className={styles.end}>{t('feed.end')}</p>}
      </>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="transactions-title">
      <div className={tab.head}>
        <h2 id="transactions-title" className={tab.heading}>
          <span className={tab.headingText}>{t('feed.title')}</span>
          {feed && (
            <span className={tab.count} data-testid="feed-count">
              {filtered
                ? t('filters.matches', { count: feed.live, n: formatCount(feed.live, locale) })
                : t('count', { count: feed.live, n: formatCount(feed.live, locale) })}
            </span>
          )}
        </h2>
        <button
          type="button"
          className={tab.iconButton}
          aria-label={t('filters.toggle')}
          title={t('filters.toggle')}
          aria-expanded={filtersOpen}
          data-active={filtered || undefined}
          data-testid="filters-toggle"
          onClick={() => setFiltersOpen((v) => !v)}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="8.5" cy="8.5" r="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M12.5 12.5 17 17" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        {unread > 0 && (
          <span className={styles.unread}>
            <span className={styles.unreadBadge}>{t('feed.unread', { count: unread, n: formatCount(unread, locale) })}</span>
            <LinkButton
              onClick={() => {
                const first = ops.find((op) => !op.seen) ?? ops[0];
                if (first) void dispatch(markSeen({ eventId: event.id, ids: [first.id], all: true }));
              }}
            >
              {t('feed.markAllRead')}
            </LinkButton>
          </span>
        )}
        {addButton}
      </div>
      {(filtersOpen || filtered) && <FeedFilters filter={filter} people={people} onChange={setFilter} onClear={clearFilters} />}
      {deleteError && (
        <p role="alert" className={formStyles.error} data-testid="delete-error">
          {deleteError}
        </p>
      )}
      <div
        ref={container}
        className={styles.feed}
        data-tour="transactions-feed"
        data-testid="transactions-feed"
        aria-label={t('feed.feedLabel')}
        aria-busy={isFetchingNextPage}
      >
        <PendingList
          eventId={event.id}
          eventCurrency={event.eventCurrency}
          balance={event.currency === event.eventCurrency ? event.payout : null}
          people={people}
        />
        {body}
      </div>
      {formOpen && <OperationForm eventId={event.id} eventCurrency={event.eventCurrency} onClose={() => setFormOpen(false)} />}
      {confirmDelete && (
        <ConfirmDialog
          title={t('feed.deleteTitle')}
          text={t('feed.deleteText')}
          confirmLabel={t('feed.delete')}
          scheme="danger"
          onSubmit={async () => {
            const result = await dispatch(deleteOperation(confirmDelete.id));
            if (deleteOperation.rejected.match(result)) {
              const failure = result.payload;
              const reason = failure && failure.status > 0 ? t(`errors:${failure.code}`, { defaultValue: failure.message }) : t('common:serverError.down');
              setDeleteError(t('errors:delete_transaction_failed', { message: reason }));
            } else setDeleteError(null);
          }}
          onClose={() => setConfirmDelete(null)}
        />
      )}
      {moving && <MoveDialog op={moving} onClose={() => setMoving(null)} />}
      {opened !== null && (
        <OperationDetails
          key={opened}
          operationId={opened}
          eventId={event.id}
          eventCurrency={event.eventCurrency}
          people={people}
          onClose={() => void navigate({ pathname: `/events/${event.id}/transactions`, search: filterKey })}
          onDelete={(op) => {
            void navigate({ pathname: `/events/${event.id}/transactions`, search: filterKey });
            setConfirmDelete(op);
          }}
        />
      )}
      <RecordedToast />
    </section>
  );
}
