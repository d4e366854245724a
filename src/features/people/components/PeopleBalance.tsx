import { useTranslation } from 'react-i18next';
import type { MoneyByCurrency } from '@common/contract/people';
import { useLatestRateDay } from '@/features/currencies';
import { localeOf, moneyView } from '@/features/events';
import tone from '@/components/BalanceTone.module.css';
import { genderContext } from '@/lib/i18n';
import styles from './People.module.css';

type Kind = 'accrual' | 'debit' | 'neutral';

/** Whose balance it is: the wording agrees with them in Russian ('должен' / 'должна' / семья 'должна'). */
export type BalanceWho = { gender?: 'M' | 'F' | null } | 'family';

function contextOf(who: BalanceWho): string | undefined {
  return who === 'family' ? 'family' : genderContext(who.gender);
}

/**
 * My balance with a person or a family (positive: they owe me), as words and colour together
 * (UI.md): 'owes you EUR 30.00', 'you owe RUB 500.00', 'settled up'; the words give the direction. Per currency it lists each
 * currency apart, since netting them needs a rate; a converted amount carries '≈'.
 */
export function PeopleBalance({
  balance,
  currency,
  approximate,
  who,
  className,
}: {
  balance: number | MoneyByCurrency;
  /** The display currency when `balance` is one converted number. */
  currency: string | null;
  approximate: boolean;
  who: BalanceWho;
  className?: string;
}) {
  const { t, i18n } = useTranslation('people');
  const locale = localeOf(i18n.language);
  const rateDay = useLatestRateDay(i18n.language);
  const context = contextOf(who);
  const parts =
    typeof balance === 'number'
      ? currency
        ? [{ amount: balance, currency, approximate }]
        : []
      : balance.filter((b) => b.balance !== 0).map((b) => ({ amount: b.balance, currency: b.currency, approximate: false }));
  const views = parts
    .map((p) => ({ ...p, view: moneyView(p.amount, p.currency, locale, { magnitude: true }) }))
    .filter((p) => p.view && p.view.type !== 'neutral');
  const kinds = new Set<Kind>(views.map((v) => v.view!.type));
  const overall: Kind | 'mixed' = kinds.size === 0 ? 'neutral' : kinds.size === 1 ? [...kinds][0]! : 'mixed';
  const classes = [styles.balance, className].filter(Boolean).join(' ');
  if (views.length === 0) {
    return (
      <span className={`${classes} ${tone.neutral}`} data-balance="neutral">
        {t('balance.neutral', { context })}
      </span>
    );
  }
  // Grouped by direction, the words saying which way (no sign to contradict them): 'owes you EUR 30.00, USD 5.00; you owe RUB 500.00'.
  const groups = (['accrual', 'debit'] as const).map((kind) => ({ kind, items: views.filter((v) => v.view!.type === kind) })).filter((g) => g.items.length > 0);
  return (
    <span className={classes} data-balance={overall}>
      {groups.map((g, gi) => (
        <span key={g.kind} className={tone[g.kind]} data-kind={g.kind}>
          {gi > 0 && '; '}
          {t(`balance.${g.kind}`, { context })}{' '}
          {g.items.map((v, i) => (
            <span key={v.currency} className={styles.amount} data-currency={v.currency}>
              {i > 0 && ', '}
              {v.approximate && <abbr title={rateDay ? t('balance.approximateHintOn', { date: rateDay }) : t('balance.approximateHint')}>≈</abbr>}
              {v.view!.text}
            </span>
          ))}
        </span>
      ))}
    </span>
  );
}
