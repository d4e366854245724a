import { useTranslation } from 'react-i18next';
import { parseMoneyInput, fromMinor } from '@common/money';
import formStyles from '@/components/Form.module.css';
import { LinkButton } from '@/components/LinkButton';
import { MoneyInput } from '@/components/MoneyInput';
import type { EventPeople } from '../lib/people';
import { localeOf, moneyMinor } from '../lib/money';
import { equalPayments, paymentsOf, type PayerLine } from './split-model';
import styles from './OperationForm.module.css';

export interface PayersEditorProps {
  lines: PayerLine[];
  onChange: (lines: PayerLine[] | null) => void;
  amount: string;
  currency: string;
  people: EventPeople;
  candidates: readonly number[];
  error: string | null;
  errorId: string;
}

/**
 * Several people paid: a line per payer with what they put in. The last line left blank pays the
 * rest, and one button splits the payment equally; what is still to assign is shown as it is typed.
 */
export function PayersEditor({ lines, onChange, amount, currency, people, candidates, error, errorId }: PayersEditorProps) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const paid = paymentsOf(lines, amount, currency);
  const total = parseMoneyInput(amount, currency);
  const set = (i: number, patch: Partial<PayerLine>) => onChange(lines.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  const remove = (i: number) => {
    const rest = lines.filter((_, n) => n !== i);
    // One payer left is simply the payer again.
    onChange(rest.length > 1 ? rest : null);
  };
  const unused = candidates.filter((u) => !lines.some((l) => l.uid === u));
  const last = paid.lines[paid.lines.length - 1];
  const lastTakesRest = lines.length > 0 && (lines[lines.length - 1]?.amount.trim() ?? '') === '' && last?.minor !== null && last?.minor !== undefined;

  return (
    <fieldset className={styles.payers} aria-describedby={error ? errorId : undefined} data-testid="payers">
      <legend className={formStyles.label}>{t('form.payers')}</legend>
      {lines.map((line, i) => (
        <div key={i} className={styles.payerLine} data-testid="payer-line">
          <select
            className={`${formStyles.input} ${styles.select}`}
            aria-label={t('form.payerN', { n: i + 1 })}
            value={line.uid ?? ''}
            onChange={(e) => set(i, { uid: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('form.choosePerson')}</option>
            {candidates
              .filter((u) => u === line.uid || !lines.some((l) => l.uid === u))
              .map((u) => (
                <option key={u} value={u}>
                  {people.name(u)}
                </option>
              ))}
          </select>
          <MoneyInput
            className={styles.partInput}
            currency={currency}
            value={line.amount}
            onValueChange={(text) => set(i, { amount: text })}
            aria-label={t('form.paidBy', { name: line.uid === null ? t('form.payerN', { n: i + 1 }) : people.name(line.uid) })}
            placeholder={
              i === lines.length - 1 && lastTakesRest && typeof last?.minor === 'number' ? moneyMinor(last.minor, currency, locale, { code: false }) : undefined
            }
          />
          <button type="button" className={styles.removePayer} aria-label={t('form.removePayer', { n: i + 1 })} onClick={() => remove(i)}>
            ×
          </button>
        </div>
      ))}
      <div className={styles.payerActions}>
        {unused.length > 0 && <LinkButton onClick={() => onChange([...lines, { uid: unused[0] ?? null, amount: '' }])}>{t('form.addPayer')}</LinkButton>}
        {total.ok && (
          <LinkButton
            data-testid="payers-equal"
            onClick={() => {
              const each = equalPayments(lines.length, total.minor);
              onChange(lines.map((l, n) => ({ ...l, amount: String(fromMinor(each[n] ?? 0, currency)) })));
            }}
          >
            {t('form.payersEqual')}
          </LinkButton>
        )}
      </div>
      {total.ok && (
        <p className={styles.remainder} data-testid="payers-left" data-negative={paid.left < 0 || undefined} aria-live="polite">
          {lastTakesRest
            ? t('form.lastPaysRest', { amount: moneyMinor(paid.left, currency, locale) })
            : paid.left === 0
              ? t('form.payersComplete')
              : t('form.payersLeft', { amount: moneyMinor(paid.left, currency, locale) })}
        </p>
      )}
      {error && (
        <p id={errorId} className={formStyles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
