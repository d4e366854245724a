import { useTranslation } from 'react-i18next';
import { localeOf, moneyView } from '../money';
import tone from '@/components/BalanceTone.module.css';
import styles from './BalanceMessage.module.css';

export type BalanceSubject = 'me' | 'person' | 'family';

/**
 * The balance message's three modes (specification §9), and where each is used:
 * - 'show all': words and amount, wherever a balance is read on its own: the events list, the
 *   event header, the participants and their 'Whole family' rows.
 * - 'show money': the amount alone, signed, where the row already says what it is about and
 *   space is short: each person in the operation form's people picker.
 * - 'dont show': no message, where a balance would say nothing: my own row in that picker.
 */
export type BalanceMode = 'dont show' | 'show money' | 'show all';

/**
 * A balance as words and colour together (UI.md: never colour alone): 'You are owed RUB 1,200.00',
 * 'owes RUB 300.00', 'settled up'. The words say which way it goes, so the amount has no sign
 * ('owes -RUB 300.00' read as a double negative); with the amount alone the sign says it instead.
 * Converted amounts carry '≈'.
 */
export function BalanceMessage({
  amount,
  currency,
  subject = 'person',
  approximate = false,
  mode = 'show all',
  className,
}: {
  amount: number;
  currency: string;
  subject?: BalanceSubject;
  approximate?: boolean;
  mode?: BalanceMode;
  className?: string;
}) {
  const { t, i18n } = useTranslation('events');
  const moneyOnly = mode === 'show money';
  const view = moneyView(amount, currency, localeOf(i18n.language), { magnitude: !moneyOnly });
  if (mode === 'dont show') return null;
  if (!view) return <span className={className}>—</span>;
  const classes = [styles.balance, tone[view.type], className].filter(Boolean).join(' ');
  if (moneyOnly) {
    return (
      <span className={classes} data-balance={view.type} data-testid="balance-money">
        {approximate && <abbr title={t('display.approximateHint')}>≈</abbr>}
        {view.text}
      </span>
    );
  }
  return (
    <span className={classes} data-balance={view.type}>
      {t(`balance.${subject}.${view.type}`)}
      {view.type !== 'neutral' && (
        <>
          {' '}
          <span className={styles.amount}>
            {approximate && <abbr title={t('display.approximateHint')}>≈</abbr>}
            {view.text}
          </span>
        </>
      )}
    </span>
  );
}
