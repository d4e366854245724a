import type { PayoutResponse } from '@common/contract/events';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isErrorCode } from '@common/errors';
import { fromMinor, minorToDecimalString, parseMoneyInput } from '@common/money';
import { useAppDispatch } from '@/app/hooks';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { moneyErrorValues, MoneyInput } from '@/components/MoneyInput';
import { Spinner } from '@/components/Spinner';
import type { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '../operations-api';
import { recordedState } from './RecordedToast';
import { createOperation } from '../operations-thunks';
import { localeOf, minorOf, moneyMinor } from '../lib/money';
import type { EventPeople } from '../lib/people';
import styles from './Debts.module.css';

export interface Transfer {
  from: number;
  to: number;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The families the two people settle for, when the plan groups them. */
  fromFamily?: readonly number[];
  toFamily?: readonly number[];
}

function Person({ uid, people, family, role }: { uid: number; people: EventPeople; family?: readonly number[]; role: 'from' | 'to' }) {
  const { t } = useTranslation('operations');
  const person = people.byUid.get(uid);
  const name = people.name(uid);
  const others = (family ?? []).filter((u) => u !== uid);
  return (
    <div className={styles.person} data-role={role}>
      <span className={styles.faces}>
        <Avatar url={person?.avatar_url} name={person?.is_me ? person.full_name || name : name} size={44} />
        {others.slice(0, 3).map((u) => {
          const p = people.byUid.get(u);
          const n = people.name(u);
          return <Avatar key={u} className={styles.faceSmall} url={p?.avatar_url} name={p?.is_me ? p.full_name || n : n} size={28} />;
        })}
      </span>
      <span className={styles.personText}>
        <span className={styles.personName}>{name}</span>
        {others.length > 0 && (
          <span className={styles.familyLine}>
            {t('form.wholeFamily')}: {[name, ...others.map((u) => people.name(u))].join(', ')}
          </span>
        )}
      </span>
    </div>
  );
}

/**
 * One payment of the plan: who pays whom how much. Its button says what happened from the reader's
 * side ('I paid Boris', 'Record that Boris paid me', or 'Payback' between two others) and opens a
 * confirmation with the amount ready to change, since part payments are common; only the
 * confirmation records the payback (from the debtor to the creditor), and the transactions tab
 * then offers to undo it. Converted (approximate) amounts are recorded in the event currency from
 * the exact plan, so a full payback always brings the balances to zero.
 */
export function PaybackCard({
  transfer,
  people,
  eventId,
  approximate,
  exact,
  compact = false,
}: {
  transfer: Transfer;
  people: EventPeople;
  eventId: number;
  approximate: boolean;
  /** For converted amounts: the same transfer in the event currency, exactly (major units). */
  exact?: (from: number, to: number) => Promise<{ amount: number; currency: string } | null>;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const id = useId();
  const initial = minorToDecimalString(transfer.amount, transfer.currency);
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<{ body: string; key: string } | null>(null);
  const mine = transfer.from === people.me ? 'pay' : transfer.to === people.me ? 'get' : null;
  const actionLabel =
    mine === 'pay'
      ? t('payback.iPaid', { name: people.name(transfer.to), context: people.gender(people.me) })
      : mine === 'get'
        ? t('payback.theyPaid', { name: people.name(transfer.from), context: people.gender(transfer.from) })
        : t('payback.action');

  const cancel = () => {
    setConfirming(false);
    setText(initial);
    setError(null);
  };

  const record = async () => {
    const parsed = parseMoneyInput(text, transfer.currency);
    if (!parsed.ok) {
      setError(t(`errors:${parsed.code}`, moneyErrorValues(text)));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let amount = fromMinor(parsed.minor, transfer.currency);
      let currency = transfer.currency;
      if (approximate && exact && parsed.minor === transfer.amount) {
        // The amount shown was converted for display; pay exactly what is owed in the event currency.
        const same = await exact(transfer.from, transfer.to);
        if (same) {
          amount = same.amount;
          currency = same.currency;
        }
      }
      const body = {
        event_id: eventId,
        details: { kind: 'payback' as const, amount, currency, description: '', payer: transfer.from },
        participants: [{ uid: transfer.to }],
      };
      const json = JSON.stringify(body);
      if (!key.current || key.current.body !== json) key.current = { body: json, key: newIdempotencyKey() };
      const result = await dispatch(createOperation({ body, idempotencyKey: key.current.key }));
      if (createOperation.fulfilled.match(result)) {
        void navigate(`/events/${eventId}/transactions`, recordedState(result.payload.id));
        return;
      }
      const err = result.payload as ApiError | undefined;
      setError(err ? (isErrorCode(err.code) ? t(`errors:${err.code}`, { defaultValue: err.message }) : err.message) : t('form.failed'));
    } catch (err) {
      const e = err as ApiError;
      setError(e && isErrorCode(e.code) ? t(`errors:${e.code}`) : t('form.failed'));
    } finally {
      setBusy(false);
    }
  };

  const amountText = moneyMinor(transfer.amount, transfer.currency, locale);
  return (
    <li
      className={compact ? `${styles.card} ${styles.compact}` : styles.card}
      data-testid="transfer"
      data-from={transfer.from}
      data-to={transfer.to}
      data-mine={mine ?? undefined}
    >
      <div className={styles.parties}>
        <Person uid={transfer.from} people={people} family={transfer.fromFamily} role="from" />
        <span className={styles.arrow}>
          <span className={styles.pays}>{t('debts.pays')}</span>
          <svg width="40" height="16" viewBox="0 0 40 16" aria-hidden="true">
            <path d="M2 8h34M29 2l7 6-7 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <Person uid={transfer.to} people={people} family={transfer.toFamily} role="to" />
      </div>
      {confirming ? (
        <form
          className={styles.confirm}
          data-testid="payback-confirm"
          onSubmit={(e) => {
            e.preventDefault();
            void record();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !busy) {
              e.stopPropagation();
              cancel();
            }
          }}
        >
          <label className={styles.confirmLabel} htmlFor={`${id}-amount`}>
            {t('payback.confirmAmount')}
          </label>
          <span className={styles.editAmount}>
            <MoneyInput
              id={`${id}-amount`}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              currency={transfer.currency}
              value={text}
              onValueChange={(v) => {
                setText(v);
                if (error) setError(null);
              }}
              invalid={!!error}
              className={styles.amountInput}
              autoFocus
            />
            <span className={styles.code}>{transfer.currency}</span>
          </span>
          <p id={`${id}-hint`} className={styles.confirmHint}>
            {t('payback.partHint', { amount: amountText })}
          </p>
          <span className={styles.confirmButtons}>
            <Button scheme="gray" onClick={cancel} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy} data-testid="payback-record">
              {busy && <Spinner size={16} decorative />}
              {t('payback.record')}
            </Button>
          </span>
        </form>
      ) : (
        <div className={styles.action}>
          {mine && <span className={styles.mineBadge}>{mine === 'pay' ? t('debts.youPay') : t('debts.youGet')}</span>}
          <span className={`${styles.amount} amount`} data-testid="transfer-amount">
            {approximate && <abbr title={t('approximateHint')}>{t('approximate')}</abbr>}
            {amountText}
          </span>
          <Button onClick={() => setConfirming(true)} data-testid="payback">
            {actionLabel}
          </Button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** Plan transfers from the API (major units) as cards need them. */
export function transfersOf(payout: PayoutResponse): Transfer[] {
  const members = new Map(payout.families.map((f) => [f.id, f.members]));
  return payout.transfers.map((tr) => ({
    from: tr.from,
    to: tr.to,
    amount: minorOf(tr.amount, tr.currency) ?? 0,
    currency: tr.currency,
    fromFamily: members.get(tr.from_family),
    toFamily: members.get(tr.to_family),
  }));
}
