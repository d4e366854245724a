import { useEffect, useState, type ReactNode } from 'react';
import { cacheError } from '@/app/server-api';
import { addableAsContact, knownByNameAlone } from '../lib/name-alone';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PaybackRequest, PersonResponse } from '@common/contract/people';
import { isErrorCode } from '@common/errors';
import { formatMoney, toMinor } from '@common/money';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DetailSubtitle, DetailTitle } from '@/components/DetailTitle';
import { Spinner } from '@/components/Spinner';
import { AddFriendModal, usePhoneFormat } from '@/features/contacts';
import { useDisplayCurrency } from '@/features/currencies';
import { localeOf } from '@/features/events';
import type { ApiError } from '@/lib/api-client';
import { requestPaybackCall } from '../people-api';
import { addToContacts, personMerged } from '../contact-actions';
import { peopleChanged, usePersonQuery } from '../people-queries';
import { exactDebts, recordPaybacks, sumByCurrency, type ExactDebt } from '../lib/payback';
import { GivePhone } from './GivePhone';
import { PeopleBalance } from './PeopleBalance';
import styles from './People.module.css';
import layout from '@/components/MasterDetail.module.css';

function useAmounts() {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (list: readonly { amount: number; currency: string }[]) =>
    list.map((a) => formatMoney(Math.abs(toMinor(a.amount, a.currency)), a.currency, locale, { code: true })).join(', ');
}

function failure(t: (k: string, o?: Record<string, unknown>) => string, err: unknown, fallback: string): string {
  const e = err as ApiError | undefined;
  return e && isErrorCode(e.code) && e.code !== 'internal' ? t(`errors:${e.code}`, { defaultValue: e.message }) : fallback;
}

/** The person pane (/people/<uid>, a link people share): balance, shared events, dialogue and paybacks. */
export function PersonView({ uid }: { uid: number | null }) {
  const { t } = useTranslation('people');
  const dispatch = useAppDispatch();
  const { currency } = useDisplayCurrency();
  const [addingFriend, setAddingFriend] = useState(false);
  const navigate = useNavigate();
  // Read again after any change to the money, which may be one made from this pane (app/server-api.ts).
  // Another person clears the pane; the same one read again, or in another currency, stays meanwhile.
  const { data: latest, error, refetch } = usePersonQuery(uid === null ? skipToken : { uid, currency });
  const data = latest?.person.uid === uid ? latest : undefined;
  const failed = cacheError(error);

  const back = (
    <Link to="/people" className={styles.back} data-testid="people-back">
      <span aria-hidden="true">←</span> {t('person.back')}
    </Link>
  );

  if (uid === null || failed?.status === 404) {
    return (
      <div className={styles.person} data-testid="person-not-found">
        {back}
        <div className={layout.state} role="alert">
          <p className={styles.emptyTitle}>{t('person.notFound')}</p>
          <p className={styles.hint}>{t('person.notFoundHint')}</p>
          <Button scheme="gray" onClick={() => setAddingFriend(true)}>
            {t('person.addByPhone')}
          </Button>
        </div>
        {addingFriend && (
          <AddFriendModal
            onClose={() => setAddingFriend(false)}
            onAdded={(c) => {
              dispatch(peopleChanged());
              void navigate(`/people/${c.uid}`);
            }}
          />
        )}
      </div>
    );
  }
  if (failed && !data) {
    return (
      <div className={styles.person}>
        {back}
        <div className={layout.state} role="alert">
          <p>{t('person.error')}</p>
          <Button scheme="gray" onClick={() => void refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (!data) {
    return (
      <div className={styles.person}>
        {back}
        <div className={layout.state}>
          <Spinner size={28} />
        </div>
      </div>
    );
  }
  return <PersonDetails data={data} back={back} reload={() => refetch()} />;
}

function PersonDetails({ data, back, reload }: { data: PersonResponse; back: ReactNode; reload: () => unknown }) {
  const { t } = useTranslation('people');
  const dispatch = useAppDispatch();
  const amounts = useAmounts();
  const { person } = data;
  const me = useAppSelector((s) => s.profile.user?.user) ?? 0;
  const formatPhone = usePhoneFormat();
  const [adding, setAdding] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [confirming, setConfirming] = useState<ExactDebt[] | null>(null);
  const [loadingDebts, setLoadingDebts] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const owesMe = person.balances.some((b) => b.balance > 0);
  const anyDebt = person.balances.some((b) => b.balance !== 0);
  const alreadyAsked = openRequestFor(data.payback_requests, person.uid, person.balances);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();

  const add = async () => {
    setAdding(true);
    const result = await dispatch(addToContacts({ uid: person.uid, name: person.contact_name || person.full_name, phone: person.phone }));
    setAdding(false);
    if (addToContacts.rejected.match(result)) setMessage({ text: t('contacts.failed'), error: true });
  };

  const request = async () => {
    setRequesting(true);
    setMessage(null);
    try {
      await requestPaybackCall(person.uid);
      setMessage({ text: t('payback.sent'), error: false });
      await reload();
    } catch (err) {
      setMessage({ text: failure(t, err, t('payback.failed')), error: true });
    } finally {
      setRequesting(false);
    }
  };

  // The exact amounts are read afresh, per event and unconverted, right before asking to record them.
  const askRecord = async () => {
    setLoadingDebts(true);
    setMessage(null);
    try {
      const debts = await exactDebts(person.uid);
      if (debts.length === 0) {
        await reload();
        return;
      }
      setConfirming(debts);
    } catch (err) {
      setMessage({ text: failure(t, err, t('payback.failed')), error: true });
    } finally {
      setLoadingDebts(false);
    }
  };

  // '?record=1' (a payback request's 'Pay back' in the feed) opens the recording straight away.
  const recordAsked = params.get('record') === '1';
  useEffect(() => {
    if (!recordAsked) return;
    setParams(
      (p) => {
        p.delete('record');
        return p;
      },
      { replace: true },
    );
    if (anyDebt) void askRecord();
    // Once per arrival: askRecord reads the debts afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordAsked]);

  const record = async (debts: ExactDebt[]) => {
    try {
      await recordPaybacks(dispatch, me, person.uid, debts);
      setMessage({ text: t('payback.recorded'), error: false });
    } catch (err) {
      setMessage({ text: failure(t, err, t('payback.failed')), error: true });
    }
    // Each payback recorded invalidated the ledger figures: the pane and the list read again.
  };

  const theyPay = confirming?.filter((d) => d.amount > 0).map((d) => ({ amount: d.amount, currency: d.currency })) ?? [];
  const iPay = confirming?.filter((d) => d.amount < 0).map((d) => ({ amount: d.amount, currency: d.currency })) ?? [];
  return (
    <article className={styles.person} data-testid="person" data-uid={person.uid}>
      {back}
      <header className={styles.personHeader}>
        <Avatar url={person.avatar_url} name={person.name} size={64} />
        <div className={styles.personTitle}>
          <DetailTitle className={styles.personName}>{person.name}</DetailTitle>
          {!knownByNameAlone(person) && (
            <a href={`tel:${person.phone}`} className={styles.rowPhone}>
              {formatPhone(person.phone)}
            </a>
          )}
        </div>
      </header>

      {addableAsContact(person) && (
        <div className={styles.notice} data-testid="not-contact">
          <span>{t('person.notContact', { name: person.name })}</span>
          <Button onClick={() => void add()} disabled={adding} aria-busy={adding}>
            {adding && <Spinner size={16} decorative />}
            {t('contacts.add')}
          </Button>
        </div>
      )}

      {data.phone_givable && (
        <GivePhone
          person={person}
          onGiven={reload}
          onMerged={async (into) => {
            await dispatch(personMerged(data.events.map((e) => e.id)));
            await navigate(`/people/${into.uid}`, { replace: true });
          }}
        />
      )}

      <section className={styles.section} aria-labelledby="person-balance">
        <DetailSubtitle id="person-balance" className={styles.sectionTitle}>
          {t('person.balance')}
        </DetailSubtitle>
        <p className={styles.hint} data-testid="person-balance-scope">
          {t('person.balanceScope')}
        </p>
        <p className={styles.bigBalance} data-testid="person-balance">
          <PeopleBalance balance={person.balance} currency={data.currency} approximate={data.approximate} who={person} />
        </p>
        {data.currency && person.balances.length > 0 && (
          <p className={styles.hint} data-testid="person-balances">
            <PeopleBalance balance={person.balances} currency={null} approximate={false} who={person} />
          </p>
        )}
        <div className={styles.actions}>
          {!knownByNameAlone(person) && (
            <Button
              onClick={() => void request()}
              disabled={!owesMe || requesting || alreadyAsked !== null}
              aria-busy={requesting}
              data-testid="request-payback"
            >
              {requesting && <Spinner size={16} decorative />}
              {alreadyAsked ? t('payback.requested') : t('payback.request')}
            </Button>
          )}
          {anyDebt && (
            <Button scheme="gray" onClick={() => void askRecord()} disabled={loadingDebts} aria-busy={loadingDebts} data-testid="record-payback">
              {loadingDebts && <Spinner size={16} decorative />}
              {t('payback.record')}
            </Button>
          )}
        </div>
        {!owesMe && <p className={styles.hint}>{t('payback.nothingToRequest')}</p>}
        {owesMe && alreadyAsked && <p className={styles.hint}>{t('payback.requestedHint')}</p>}
        {message && (
          <p className={message.error ? styles.error : styles.success} role={message.error ? 'alert' : 'status'} data-testid="person-message">
            {message.text}
          </p>
        )}
      </section>

      <PaybackRequests requests={data.payback_requests} name={person.name} uid={person.uid} />

      <section className={styles.section} aria-labelledby="person-events">
        <DetailSubtitle id="person-events" className={styles.sectionTitle}>
          {t('person.events')}
        </DetailSubtitle>
        {data.events.length === 0 ? (
          <p className={styles.hint}>{t('person.noEvents')}</p>
        ) : (
          <ul className={styles.events}>
            {data.events.map((e) => (
              <li key={e.id}>
                <Link to={`/events/${e.id}/transactions`} className={styles.eventLink} data-testid={`shared-event-${e.id}`}>
                  <span className={styles.rowName}>
                    {e.is_dialogue ? person.name : e.event_name}
                    {e.is_dialogue && <span className={styles.tag}>{t('person.dialogueTag')}</span>}
                  </span>
                  <PeopleBalance balance={e.balance} currency={e.currency} approximate={e.approximate} who={person} className={styles.rowBalance} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {data.dialogue_id !== null ? (
          <Link to={`/events/${data.dialogue_id}/transactions`} className={styles.dialogueLink} data-testid="dialogue-link">
            {t('person.dialogue')}
          </Link>
        ) : (
          <p className={styles.hint}>{t('person.noDialogue')}</p>
        )}
      </section>

      {confirming && (
        <ConfirmDialog
          title={t('payback.recordTitle')}
          text={[
            theyPay.length > 0 ? t('payback.recordTheyPaid', { name: person.name, amounts: amounts(sumByCurrency(theyPay)) }) : '',
            iPay.length > 0 ? t('payback.recordIPaid', { name: person.name, amounts: amounts(sumByCurrency(iPay)) }) : '',
            t('payback.recordWhere'),
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel={t('payback.record')}
          onSubmit={() => record(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </article>
  );
}

/**
 * My open request to this person that already asks for exactly what they owe me now: asking again
 * would say nothing new, so the button waits until the debt changes or the request is settled.
 */
function openRequestFor(requests: readonly PaybackRequest[], uid: number, balances: PersonResponse['person']['balances']): PaybackRequest | null {
  const owed = balances
    .filter((b) => b.balance > 0)
    .map((b) => `${b.currency}:${b.balance}`)
    .sort()
    .join(',');
  return (
    requests.find(
      (r) =>
        r.to === uid &&
        !r.settled &&
        r.amounts
          .map((a) => `${a.currency}:${a.amount}`)
          .sort()
          .join(',') === owed,
    ) ?? null
  );
}

function PaybackRequests({ requests, name, uid }: { requests: readonly PaybackRequest[]; name: string; uid: number }) {
  const { t, i18n } = useTranslation('people');
  const amounts = useAmounts();
  if (requests.length === 0) return null;
  const date = new Intl.DateTimeFormat(localeOf(i18n.language) === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <section className={styles.section} aria-labelledby="person-requests">
      <DetailSubtitle id="person-requests" className={styles.sectionTitle}>
        {t('payback.requests')}
      </DetailSubtitle>
      <ul className={styles.requests}>
        {requests.map((r) => {
          const paid = r.paid.filter((p) => p.amount !== 0);
          return (
            <li key={r.id} className={styles.request} data-testid={`payback-request-${r.id}`} data-settled={r.settled}>
              <span>
                {r.to === uid ? t('payback.fromMe', { name, amounts: amounts(r.amounts) }) : t('payback.toMe', { name, amounts: amounts(r.amounts) })}
              </span>
              <span className={styles.requestMeta}>
                <time dateTime={r.created}>{date.format(new Date(r.created))}</time>
                {!r.settled && paid.length > 0 && <span>{t('payback.paid', { amounts: amounts(paid) })}</span>}
                <span className={r.settled ? `${styles.status} ${styles.settled}` : styles.status} data-testid="request-status">
                  {r.settled ? t('payback.settled') : t('payback.open')}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
