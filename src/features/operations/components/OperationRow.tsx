import { memo, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Operation, OperationRequest } from '@common/contract/operations';
import { Avatar } from '@/components/Avatar';
import { LinkButton } from '@/components/LinkButton';
import { KindIcon } from '../form/KindIcon';
import { payerOf, payersOf, sharersOf, timeLabel } from '../lib/feed';
import { kindTitle } from '../lib/kind-title';
import { money, moneyMinor, type MoneyText } from '../lib/money';
import type { EventPeople } from '../lib/people';
import tab from './TabPage.module.css';
import { useRowWords } from './row-words';
import styles from './Transactions.module.css';

export interface RowActions {
  onDelete: (op: Operation) => void;
  onRestore: (op: Operation) => void;
  onMove: (op: Operation) => void;
  /** Its details, at its own address. */
  onOpen: (op: Operation) => void;
}

/** A tap anywhere on a row opens it, except on what the row itself can do (menu, links). */
function openOnTap(op: Operation, actions: RowActions) {
  return (e: MouseEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest('a, button, input, select, [role="menu"]')) return;
    actions.onOpen(op);
  };
}

function RowMenu({ op, actions }: { op: Operation; actions: RowActions }) {
  const { t } = useRowWords();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // A day group is painted within its own box (content-visibility), which would clip a menu
    // opened on its last row: the group paints normally while the menu is open.
    const group = ref.current?.closest(`.${styles.day}`);
    group?.setAttribute('data-menu-open', '');
    const away = (e: Event) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => {
      document.removeEventListener('pointerdown', away);
      group?.removeAttribute('data-menu-open');
    };
  }, [open]);
  return (
    <div className={styles.menuWrap} ref={ref} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className={tab.iconButton}
        aria-label={t('feed.actions')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="4" cy="10" r="1.6" fill="currentColor" />
          <circle cx="10" cy="10" r="1.6" fill="currentColor" />
          <circle cx="16" cy="10" r="1.6" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div className={styles.menu} role="menu">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              actions.onOpen(op);
            }}
          >
            {t('feed.details')}
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              actions.onMove(op);
            }}
          >
            {t('feed.move')}
          </button>
          <button
            type="button"
            role="menuitem"
            className={styles.danger}
            onClick={() => {
              setOpen(false);
              actions.onDelete(op);
            }}
          >
            {t('feed.delete')}
          </button>
        </div>
      )}
    </div>
  );
}

function namesText(uids: readonly number[], people: EventPeople, t: (k: string, o?: Record<string, unknown>) => string): string {
  const names = uids.map((u) => people.name(u));
  if (names.length <= 3) return names.join(', ');
  return t('feed.andMore', { names: names.slice(0, 2).join(', '), count: names.length - 2 });
}

/**
 * One operation in the feed: what it was (kind icon, description, the viewer's status label), how
 * much (as entered, and in the event currency when that differs), who paid for whom, and how it
 * moved the viewer's balance, in words and sign as well as colour.
 */
export const OperationRow = memo(function OperationRow({ op, people, actions }: { op: Operation; people: EventPeople; actions: RowActions }) {
  const { t, locale, rateDay } = useRowWords();
  const time = timeLabel(op.details.date, locale);
  const unread = !op.seen && !op.deleted;
  // The feed's search and filters go with the link, so closing the details comes back to them.
  const { search } = useLocation();

  if (op.deleted) return <DeletedRow op={op} actions={actions} />;

  if (op.kind === 'comment') {
    const author = people.byUid.get(op.details.author);
    const name = people.name(op.details.author);
    return (
      <article
        className={`${styles.row} ${styles.comment}`}
        data-op={op.id}
        data-kind="comment"
        data-unread={unread || undefined}
        data-deleted={op.deleted || undefined}
        onClick={openOnTap(op, actions)}
      >
        <Avatar url={author?.avatar_url} name={author?.is_me ? author.full_name || name : name} size={36} />
        <div className={styles.main}>
          <div className={styles.meta}>
            <span className={styles.who}>{name}</span>
            <time dateTime={op.details.date}>{time}</time>
            {unread && <span className={styles.newDot}>{t('feed.new')}</span>}
            {op.edited && <span className={styles.editedMark}>{t('feed.edited')}</span>}
          </div>
          {op.request ? <PaybackRequestNote op={op} request={op.request} people={people} /> : <p className={styles.bubble}>{op.details.text}</p>}
        </div>
        <RowMenu op={op} actions={actions} />
      </article>
    );
  }

  const original = money(op.details.original_amount, op.details.original_currency, locale);
  const shownAmount = money(op.details.amount, op.details.currency, locale);
  const converted = op.details.original_currency !== op.details.currency;
  const mine = op.participants.find((p) => p.uid === people.me);
  const effect = mine ? money(mine.effect, op.details.currency, locale, { sign: true }) : null;
  const payer = payerOf(op);
  const sharers = sharersOf(op).filter((u) => u !== payer || op.kind === 'even_purchase' || op.kind === 'split_purchase' || op.kind === 'deposit');
  const payerName = payer !== null ? people.name(payer) : '';
  // Russian verbs agree with the person they are about: the payer here, the viewer in the status.
  const payerContext = payer !== null ? people.gender(payer) : undefined;
  const payers = payersOf(op);
  const who =
    payers.length > 1
      ? t(op.kind === 'deposit' ? 'feed.receivedByMany' : 'feed.paidByMany', { names: namesText(payers, people, t) })
      : op.kind === 'payback'
        ? t('feed.sentBy', { name: payerName, context: payerContext })
        : op.kind === 'deposit'
          ? t('feed.receivedBy', { name: payerName, context: payerContext })
          : op.kind === 'i_lent_them' || op.kind === 'they_lent_me'
            ? t('feed.lentBy', { name: payerName, context: payerContext })
            : t('feed.paidBy', { name: payerName, context: payerContext });
  const toOne = op.kind === 'payback' || op.kind === 'i_lent_them' || op.kind === 'they_lent_me';
  const whom = toOne
    ? sharers.length === 1 && sharers[0] === people.me
      ? t('feed.toMe')
      : t('feed.toPerson', { name: namesText(sharers, people, t) })
    : t('feed.forPeople', { names: namesText(sharers, people, t) });
  const approx = op.approximate ? t('approximate') : '';

  return (
    <article
      className={styles.row}
      data-op={op.id}
      data-kind={op.kind}
      data-unread={unread || undefined}
      data-deleted={op.deleted || undefined}
      onClick={openOnTap(op, actions)}
    >
      <span className={styles.icon} data-kind={op.kind}>
        <KindIcon kind={op.kind} />
      </span>
      <div className={styles.main}>
        <div className={styles.top}>
          <Link className={styles.title} to={{ pathname: `/events/${op.event_id}/transactions/${op.id}`, search }} data-testid="op-open">
            {op.details.description || kindTitle(op, people, t)}
          </Link>
          <span className={`${styles.amount} amount`} data-testid="op-amount">
            {original?.text ?? '—'}
          </span>
        </div>
        <div className={styles.meta}>
          {op.status && (
            <span className={styles.status} data-status={op.status}>
              {t(`status.${op.status}`, { context: people.gender(people.me) })}
            </span>
          )}
          <span className={styles.who}>{t('feed.whoWhom', { who, whom })}</span>
          {unread && <span className={styles.newDot}>{t('feed.new')}</span>}
          {op.edited && <span className={styles.editedMark}>{t('feed.edited')}</span>}
          {op.receipts.length > 0 && <span className={styles.editedMark}>{t('feed.receipts', { count: op.receipts.length })}</span>}
          {op.recurrence_id ? (
            <span className={styles.editedMark} data-testid="repeat-badge">
              {t('repeat.badge')}
            </span>
          ) : null}
        </div>
        <div className={styles.bottom}>
          <time dateTime={op.details.date} className={styles.time}>
            {time}
          </time>
          {converted && shownAmount && (
            <span className={`${styles.converted} amount`} title={op.approximate ? t('approximateHint') : undefined}>
              {op.approximate
                ? t(rateDay ? 'feed.inDisplayCurrencyOn' : 'feed.inDisplayCurrency', { amount: `${approx}${shownAmount.text}`, date: rateDay })
                : t('feed.inEventCurrency', { amount: shownAmount.text })}
            </span>
          )}
          {effect && (
            <Effect
              effect={effect}
              payback={
                op.kind === 'payback'
                  ? { side: payer === people.me ? 'paid' : 'received', amount: moneyMinor(Math.abs(effect.minor), op.details.currency, locale) }
                  : null
              }
              approx={approx}
            />
          )}
          {!mine && <span className={styles.effectNone}>{t('effect.none')}</span>}
        </div>
      </div>
      <RowMenu op={op} actions={actions} />
    </article>
  );
});

/**
 * A payback request where it was made (DESIGN §4): who asked whom for what (over all their events
 * at the time), in the reader's language, whether it is settled, and the way to settle it: the
 * person's page records the exact paybacks, event by event.
 */
function PaybackRequestNote({ op, request, people }: { op: Operation; request: OperationRequest; people: EventPeople }) {
  const { t, locale } = useRowWords();
  const list = (items: OperationRequest['amounts']) =>
    items
      .filter((a) => a.amount !== 0)
      .map((a) => money(a.amount, a.currency, locale)?.text ?? '—')
      .join(', ');
  const creditor = op.details.author;
  const toMe = request.to === people.me;
  const other = toMe ? creditor : request.to;
  const paid = list(request.paid);
  return (
    <div className={styles.bubble} data-testid="payback-request" data-settled={request.settled}>
      <p className={styles.requestText}>
        {toMe
          ? t('request.toMe', { name: people.name(creditor), amounts: list(request.amounts), context: people.gender(creditor) })
          : t('request.fromMe', { name: people.name(request.to), amounts: list(request.amounts) })}
      </p>
      <p className={styles.requestMeta}>
        <span className={request.settled ? `${styles.requestStatus} ${styles.requestSettled}` : styles.requestStatus}>
          {request.settled ? t('request.settled') : t('request.open')}
        </span>
        {!request.settled && paid && <span>{t('request.paid', { amounts: paid })}</span>}
      </p>
      {!request.settled && (
        <Link className={styles.requestAction} to={`/people/${other}?record=1`} data-testid="payback-request-settle">
          {toMe
            ? t('request.payBack', { name: people.name(creditor) })
            : t('request.recordPaid', { name: people.name(request.to), context: people.gender(request.to) })}
        </Link>
      )}
    </div>
  );
}

/**
 * A deleted operation folds to one line (what it was, its amount, Restore): it no longer counts,
 * so it should not take the room of one that does.
 */
function DeletedRow({ op, actions }: { op: Operation; actions: RowActions }) {
  const { t, locale } = useRowWords();
  const amount = op.kind === 'comment' ? null : money(op.details.original_amount, op.details.original_currency, locale);
  const title = op.kind === 'comment' ? op.details.text : op.details.description || t(`kinds.${op.kind}`);
  return (
    <article className={`${styles.row} ${styles.deletedRow}`} data-op={op.id} data-kind={op.kind} data-deleted>
      <span className={styles.title}>{title}</span>
      {amount && <span className={`${styles.amount} amount`}>{amount.text}</span>}
      <span className={styles.deletedBadge}>{t('feed.deleted')}</span>
      <LinkButton onClick={() => actions.onRestore(op)}>{t('feed.restore')}</LinkButton>
    </article>
  );
}

/**
 * What the operation did to the reader. A payback lowers the receiver's balance (less is owed to
 * them), but to them it is money received, not a loss: each side reads what happened to it, in a
 * colour to match ('you received' as a gain, 'you paid back' without alarm).
 */
function Effect({ effect, payback, approx }: { effect: MoneyText; payback: { side: 'paid' | 'received'; amount: string } | null; approx: string }) {
  const { t } = useRowWords();
  const [tone, text] =
    effect.type === 'neutral'
      ? ['neutral', t('effect.settled')]
      : payback
        ? [
            payback.side === 'received' ? 'accrual' : 'neutral',
            t(payback.side === 'received' ? 'effect.received' : 'effect.paidBack', { amount: `${approx}${payback.amount}` }),
          ]
        : [effect.type, t('effect.balance', { amount: `${approx}${effect.text}` })];
  return (
    <span className={`${styles.effect} amount`} data-money={tone} data-testid="op-effect">
      {text}
    </span>
  );
}
