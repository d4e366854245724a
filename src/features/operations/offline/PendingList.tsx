import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LinkButton } from '@/components/LinkButton';
import { KindIcon } from '../form/KindIcon';
import { OperationForm } from '../form/OperationForm';
import { apiErrorText } from '../lib/error-text';
import { localeOf, money, moneyMinor } from '../lib/money';
import type { EventPeople } from '../lib/people';
import feed from '../components/Transactions.module.css';
import { bodyEffect, totalEffect } from '@common/body-effect';
import type { PendingOperation } from './pending-store';
import { discardPending, loadPending } from './pending-thunks';
import styles from './Pending.module.css';

/**
 * The operations of this event entered on this device and not yet recorded, above the feed:
 * waiting to send, or refused with the reason, each editable and removable until it is sent; and
 * the viewer's balance with them, marked as not yet confirmed.
 */
export function PendingList({
  eventId,
  eventCurrency,
  balance,
  people,
}: {
  eventId: number;
  eventCurrency: string;
  balance: number | null;
  people: EventPeople;
}) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => s.profile.user?.user);
  const all = useAppSelector((s) => s.operations.pending);
  const items = all.filter((p) => p.eventId === eventId);
  const [editing, setEditing] = useState<PendingOperation | null>(null);
  const [removing, setRemoving] = useState<PendingOperation | null>(null);

  useEffect(() => {
    if (me !== undefined) void dispatch(loadPending(me));
  }, [dispatch, me]);

  if (items.length === 0 || me === undefined) return null;
  const effects = items.map((p) => bodyEffect(p.body, me, eventCurrency));
  // The balance with those still to be sent (a refused one will not be, as the header also says),
  // said when each moves it in the event currency.
  const waiting = effects.filter((_, i) => items[i]!.refused === null);
  const sum = waiting.length > 0 ? totalEffect(waiting, eventCurrency) : null;
  const withThem = balance !== null && sum !== null ? money(balance, eventCurrency, locale) : null;

  return (
    <section className={styles.pending} aria-labelledby="pending-title" data-testid="pending-list">
      <h3 id="pending-title" className={styles.title}>
        {t('pending.title', { count: items.length })}
      </h3>
      <p className={styles.hint}>{t('pending.hint')}</p>
      {withThem && sum !== null && (
        <p className={styles.balance} data-testid="pending-balance">
          {t('pending.balance', { amount: moneyMinor(withThem.minor + sum, eventCurrency, locale, { sign: true }) })}
        </p>
      )}
      {items.map((p, i) => {
        const d = p.body.details;
        const effect = effects[i];
        const amount = d.kind === 'comment' ? null : money(d.amount ?? 0, d.currency ?? eventCurrency, locale);
        return (
          <article key={p.key} className={`${feed.row} ${styles.row}`} data-pending={p.key} data-refused={p.refused ? true : undefined}>
            <span className={feed.icon} data-kind={d.kind}>
              <KindIcon kind={d.kind} />
            </span>
            <div className={feed.main}>
              <div className={feed.top}>
                <span className={feed.title}>{d.kind === 'comment' ? d.text : d.description || t(`kinds.${d.kind}`, { context: people.gender(me) })}</span>
                {amount && <span className={`${feed.amount} amount`}>{amount.text}</span>}
              </div>
              <p className={p.refused ? styles.refused : styles.waiting} data-testid="pending-status">
                {p.refused ? t('pending.refused', { reason: apiErrorText(t, p.refused) }) : t('pending.waiting')}
              </p>
              {effect && effect.minor !== 0 && (
                <p className={styles.effect}>{t('pending.effect', { amount: moneyMinor(effect.minor, effect.currency, locale, { sign: true }) })}</p>
              )}
              <div className={styles.actions}>
                <LinkButton onClick={() => setEditing(p)} data-testid="pending-edit">
                  {t('feed.edit')}
                </LinkButton>
                <LinkButton onClick={() => setRemoving(p)} data-testid="pending-remove">
                  {t('pending.remove')}
                </LinkButton>
              </div>
            </div>
          </article>
        );
      })}
      {editing && <OperationForm eventId={eventId} eventCurrency={eventCurrency} pending={editing} onClose={() => setEditing(null)} />}
      {removing && (
        <ConfirmDialog
          title={t('pending.removeTitle')}
          text={t('pending.removeText')}
          confirmLabel={t('pending.remove')}
          scheme="danger"
          onSubmit={() => dispatch(discardPending(removing))}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
