import { useTranslation } from 'react-i18next';
import { localeOf, moneyView } from '../money';
import tone from '@/components/BalanceTone.module.css';
import styles from './BalanceMessage.module.css';

export type BalanceSubject = 'me' | 'person' | 'family';

/**
 * A balance as words and colour together (UI.md: never colour alone): 'You are owed RUB 1,200.00',
 * 'owes RUB 300.00', 'settled up'. The words say which way it goes, so the amount has no sign
 * ('owes -RUB 300.00' read as a double negative). Converted amounts carry '≈'.
 */
export function BalanceMessage({
  amount,
  currency,
  subject = 'person',
  approximate = false,
  className,
}: {
  amount: number;
  currency: string;
  subject?: BalanceSubject;
  approximate?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation('events');
  const view = moneyView(amount, currency, localeOf(i18n.language), { magnitude: true });
  if (!view) return <span className={className}>—</span>;
  const classes = [styles.balance, tone[view.type], className].filter(Boolean).join(' ');
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
