import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isErrorCode } from '@common/errors';
import { fromMinor, parseMoneyInput } from '@common/money';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { moneyErrorValues, MoneyInput } from '@/components/MoneyInput';
import { Spinner } from '@/components/Spinner';
import { createOperation, newIdempotencyKey, recordedState } from '@/features/operations';
import type { ApiError } from '@/lib/api-client';
import { genderContext } from '@/lib/i18n';
import { ensureDialogue } from '../people-api';
import styles from './People.module.css';

type LoanKind = 'i_lent_them' | 'they_lent_me';

/**
 * The row's optional money input (specification §2): an amount in my currency and one click
 * records 'I lent them' or 'They lent me' in our dialogue, made on first use, and then the app
 * goes to that dialogue's transactions.
 */
export function QuickLoan({ uid, name }: { uid: number; name: string }) {
  const { t } = useTranslation('people');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const id = useId();
  const currency = useAppSelector((s) => s.profile.user?.currency) || 'RUB';
  // 'Я дал' / 'Я дала': the button speaks as the user does.
  const context = genderContext(useAppSelector((s) => s.profile.user?.gender));
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<LoanKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per submission: a retry after a lost answer is recorded once.
  const key = useRef<{ body: string; key: string } | null>(null);

  const record = async (kind: LoanKind) => {
    if (busy) return;
    const parsed = parseMoneyInput(text, currency);
    if (!parsed.ok) {
      setError(t(`errors:${parsed.code}`, moneyErrorValues(text)));
      return;
    }
    setBusy(kind);
    setError(null);
    try {
      const eventId = await ensureDialogue(uid);
      const amount = fromMinor(parsed.minor, currency);
      const body =
        kind === 'i_lent_them'
          ? { event_id: eventId, details: { kind, amount, currency, description: '' }, participants: [{ uid }] }
          : { event_id: eventId, details: { kind, amount, currency, description: '', payer: uid }, participants: [] };
      const json = JSON.stringify(body);
      if (!key.current || key.current.body !== json) key.current = { body: json, key: newIdempotencyKey() };
      const result = await dispatch(createOperation({ body, idempotencyKey: key.current.key }));
      if (createOperation.fulfilled.match(result)) {
        void navigate(`/events/${eventId}/transactions`, recordedState(result.payload.id));
        return;
      }
      throw result.payload ?? result.error;
    } catch (err) {
      const e = err as ApiError | undefined;
      setError(e && isErrorCode(e.code) && e.code !== 'internal' ? t(`errors:${e.code}`, { defaultValue: e.message }) : t('quick.failed'));
      setBusy(null);
    }
  };

  return (
    <form
      className={styles.quick}
      onSubmit={(e) => {
        e.preventDefault();
        void record('i_lent_them');
      }}
      data-testid="quick-loan"
    >
      <span className={styles.quickLine}>
        <MoneyInput
          id={`${id}-amount`}
          aria-label={t('quick.amount', { currency, name })}
          aria-describedby={error ? `${id}-error` : undefined}
          currency={currency}
          value={text}
          onValueChange={(v) => {
            setText(v);
            if (error) setError(null);
          }}
          invalid={!!error}
          className={styles.quickInput}
        />
        <span className={styles.quickCode} aria-hidden="true">
          {currency}
        </span>
        <Button
          scheme="gray"
          className={styles.quickButton}
          onClick={() => void record('i_lent_them')}
          disabled={busy !== null}
          aria-busy={busy === 'i_lent_them'}
        >
          {busy === 'i_lent_them' && <Spinner size={14} decorative />}
          {t('quick.lent', { context })}
        </Button>
        <Button
          scheme="gray"
          className={styles.quickButton}
          onClick={() => void record('they_lent_me')}
          disabled={busy !== null}
          aria-busy={busy === 'they_lent_me'}
        >
          {busy === 'they_lent_me' && <Spinner size={14} decorative />}
          {t('quick.borrowed')}
        </Button>
      </span>
      {error && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
