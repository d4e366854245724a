import { useTranslation } from 'react-i18next';
import { bodyEffect, totalEffect } from '@common/body-effect';
import type { Event } from '@common/contract/events';
import { fromMinor } from '@common/money';
import { useAppSelector } from '@/app/hooks';
import { BalanceMessage } from './BalanceMessage';
import styles from './EventsPage.module.css';

/**
 * Under the event's balance while operations entered offline wait on this device (the operations
 * feature keeps them): the balance with them, marked as not yet confirmed. Only when each is in the
 * currency the balance is shown in; otherwise how many wait, as they cannot be added up here.
 */
export function WithPending({ event }: { event: Event }) {
  const { t } = useTranslation('events');
  const me = useAppSelector((s) => s.profile.user?.user);
  const waiting = useAppSelector((s) => s.operations?.pending ?? []).filter((p) => p.eventId === event.id && p.refused === null);
  if (waiting.length === 0 || me === undefined) return null;
  const total = event.approximate
    ? null
    : totalEffect(
        waiting.map((p) => bodyEffect(p.body, me, event.eventCurrency)),
        event.currency,
      );
  return (
    <p className={styles.withPending} data-testid="header-pending">
      {t('event.withPending', { count: waiting.length })}{' '}
      {total !== null && <BalanceMessage amount={event.payout + fromMinor(total, event.currency)} currency={event.currency} subject="me" />}
    </p>
  );
}
