import { useEffect, useState } from 'react';
import { cacheError } from '@/app/server-api';
import { useTranslation } from 'react-i18next';
import type { Operation, OperationHistoryResponse, OperationVersion } from '@common/contract/operations';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/Button';
import { LinkButton } from '@/components/LinkButton';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import type { ApiError } from '@/lib/api-client';
import { KindIcon } from '../form/KindIcon';
import { OperationForm } from '../form/OperationForm';
import { apiErrorText } from '../lib/error-text';
import { kindTitle } from '../lib/kind-title';
import { localeOf, money } from '../lib/money';
import type { EventPeople } from '../lib/people';
import { revertOperation } from '../operation-edits';
import { useOperationHistoryQuery, useOperationQuery } from '../operations-queries';
import { feedReplaced } from '../feed-writes';
import { markSeen } from '../operations-thunks';
import { agoText, changeTexts, dayText } from './history-text';
import { Receipts } from './Receipts';
import { RepeatSection } from '../repeat/RepeatSection';
import feed from '../components/Transactions.module.css';
import styles from './OperationDetails.module.css';

/** The viewer reads their own doings in the second person ('You changed it'); others' agree with their gender. */
function contextOf(people: EventPeople) {
  return (uid: number) => (uid === people.me ? 'you' : people.gender(uid));
}

interface Loaded {
  op: Operation;
  history: OperationHistoryResponse;
}

/**
 * One operation in full, at its own address (/events/{id}/transactions/{operationId}): what it
 * was as entered and in the event currency with the exact rate, who paid and whose share it is,
 * and every version with what changed, any earlier one restorable. Edit opens the operation form
 * on it; opening marks it read.
 */
export function OperationDetails({
  operationId,
  eventId,
  eventCurrency,
  people,
  onClose,
  onDelete,
}: {
  operationId: number;
  eventId: number;
  eventCurrency: string;
  people: EventPeople;
  onClose: () => void;
  /** Delete asks first, where the feed asks. */
  onDelete: (op: Operation) => void;
}) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Both read again with the ledger's figures after any change made here (app/server-api.ts).
  const opRead = useOperationQuery(operationId);
  const historyRead = useOperationHistoryQuery(operationId);
  const loaded: Loaded | null = opRead.data && historyRead.data ? { op: opRead.data, history: historyRead.data } : null;
  const error = cacheError(opRead.error ?? historyRead.error);
  const load = () => {
    void opRead.refetch();
    void historyRead.refetch();
  };

  // Opening marks it read.
  const read = opRead.data;
  useEffect(() => {
    if (read && !read.seen) void dispatch(markSeen({ eventId: read.event_id, ids: [read.id] }));
  }, [read, dispatch]);

  const whoContext = contextOf(people);
  const errorText = (e: ApiError) => apiErrorText(t, e);

  const restore = async (version: OperationVersion) => {
    if (!loaded || busy !== null) return;
    setBusy(version.version);
    setNotice(null);
    const result = await dispatch(revertOperation({ id: loaded.op.id, version: version.version, current: loaded.op.version }));
    setBusy(null);
    // A refused revert (someone changed it meanwhile) shows the operation as it now is.
    if (!revertOperation.fulfilled.match(result)) {
      setNotice(result.payload ? errorText(result.payload) : t('form.failed'));
      load();
    }
  };

  if (editing && loaded) {
    return (
      <OperationForm
        eventId={eventId}
        eventCurrency={eventCurrency}
        editing={loaded.op}
        onClose={() => setEditing(false)}
        onSaved={() => setNotice(t('details.saved'))}
      />
    );
  }

  const op = loaded?.op;
  const editable = op !== undefined && !op.deleted && !op.request;
  return (
    <Modal
      title={op ? (op.kind === 'comment' ? t('kinds.comment') : op.details.description || kindTitle(op, people, t)) : t('details.title')}
      onClose={onClose}
      size="lg"
      initialFocus="dialog"
      testId="operation-details"
      footer={
        op && (
          <>
            {!op.deleted && (
              <Button scheme="danger" onClick={() => onDelete(op)} disabled={busy !== null}>
                {t('feed.delete')}
              </Button>
            )}
            {editable && (
              <Button onClick={() => setEditing(true)} disabled={busy !== null} data-testid="operation-edit">
                {t('feed.edit')}
              </Button>
            )}
          </>
        )
      }
    >
      {!loaded && !error && (
        <div className={styles.loading}>
          <Spinner size={24} label={t('details.loading')} />
        </div>
      )}
      {error && (
        <div className={styles.error} role="alert">
          <p>{error.code === 'not_found' ? t('details.notFound') : errorText(error)}</p>
          {error.code !== 'not_found' && <Button onClick={load}>{t('common:actions.retry')}</Button>}
        </div>
      )}
      {loaded && op && (
        <div className={styles.body}>
          {notice && (
            <p className={styles.notice} role="status">
              {notice}
            </p>
          )}
          <Summary op={op} people={people} />
          {op.kind !== 'comment' && <Entries op={op} people={people} />}
          <Receipts
            op={op}
            people={people}
            editable={editable}
            onChange={(next) => {
              dispatch(feedReplaced(next));
              load();
            }}
          />
          <RepeatSection op={op} editable={editable} />
          <section aria-labelledby="history-title" className={styles.section}>
            <h3 id="history-title" className={styles.sectionTitle}>
              {t('details.history')}
            </h3>
            <ol className={styles.history} data-testid="history">
              {[...loaded.history.versions].reverse().map((v, i, list) => {
                const previous = list[i + 1];
                const current = v.version === loaded.history.version;
                const changes = changeTexts(v, previous, people.name, (kind) => t(`kinds.${kind}`), locale);
                return (
                  <li key={v.version} className={styles.version} data-version={v.version} data-current={current || undefined}>
                    <p className={styles.versionHead}>
                      <span>{t(`history.${v.action}`, { name: people.name(v.actor), context: whoContext(v.actor), version: v.reverted_to })}</span>
                      <time dateTime={v.at} title={dayText(v.at, locale)} className={styles.ago}>
                        {agoText(v.at, locale)}
                      </time>
                    </p>
                    {changes.length > 0 && (
                      <ul className={styles.changes}>
                        {changes.map((c) => (
                          <li key={c.field}>
                            {c.before !== null && c.after !== null ? (
                              <>
                                <span className={styles.field}>{t(`history.fields.${c.field}`)}: </span>
                                <span className="amount">
                                  {c.before || t('history.empty')} → {c.after || t('history.empty')}
                                </span>
                              </>
                            ) : (
                              <span className={styles.field}>{t(`history.fields.${c.field}`)}</span>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                    {current ? (
                      <span className={styles.currentBadge}>{t('history.current')}</span>
                    ) : (
                      editable && (
                        // Not disabled while busy: a disabled button drops the focus out of the dialog.
                        <LinkButton onClick={() => void restore(v)} aria-busy={busy === v.version} data-testid={`restore-version-${v.version}`}>
                          {busy === v.version && <Spinner size={14} decorative />}
                          {t('history.restore', { version: v.version })}
                        </LinkButton>
                      )
                    )}
                  </li>
                );
              })}
            </ol>
          </section>
        </div>
      )}
    </Modal>
  );
}

/** What it was: amount as entered, the event-currency figure with its exact rate, when, who wrote it. */
function Summary({ op, people }: { op: Operation; people: EventPeople }) {
  const { t, i18n } = useTranslation('operations');
  const whoContext = contextOf(people);
  const locale = localeOf(i18n.language);
  const original = money(op.details.original_amount, op.details.original_currency, locale);
  const converted = op.details.original_currency !== op.details.currency;
  return (
    <div className={styles.summary}>
      <span className={feed.icon} data-kind={op.kind}>
        <KindIcon kind={op.kind} />
      </span>
      <div className={styles.summaryText}>
        {op.kind === 'comment' ? (
          <p className={styles.comment}>{op.details.text}</p>
        ) : (
          <>
            <p className={`${styles.amount} amount`} data-testid="details-amount">
              {original?.text}
            </p>
            {converted && (
              <p className={styles.meta} data-testid="details-rate">
                {t('details.converted', {
                  amount: money(op.details.amount, op.details.currency, locale)?.text,
                  rate: op.details.rate,
                  date: op.details.rate_date ? dayText(op.details.rate_date, locale) : '',
                })}
              </p>
            )}
          </>
        )}
        <p className={styles.meta}>
          {t(`kinds.${op.kind}`, { context: people.gender(op.details.author) })} · {dayText(op.details.date, locale)}
        </p>
        <p className={styles.meta}>
          {t('details.author', { name: people.name(op.details.author), context: whoContext(op.details.author) })}
          {op.edited && ` · ${t('details.edited', { name: people.name(op.edited.by), context: whoContext(op.edited.by), ago: agoText(op.edited.at, locale) })}`}
        </p>
        {op.deleted && <p className={styles.deleted}>{t('feed.deleted')}</p>}
      </div>
    </div>
  );
}

/** Who paid how much, each person's share and how it moved their balance, in the event currency. */
function Entries({ op, people }: { op: Operation; people: EventPeople }) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const cur = op.details.currency;
  const show = (amount: number, sign = false) => money(amount, cur, locale, { sign })?.text ?? '—';
  return (
    <section aria-labelledby="entries-title" className={styles.section}>
      <h3 id="entries-title" className={styles.sectionTitle}>
        {t('details.people')}
      </h3>
      <table className={styles.entries} data-testid="details-entries">
        <thead>
          <tr>
            <th scope="col">{t('details.person')}</th>
            <th scope="col">{t('details.paid')}</th>
            <th scope="col">{t('details.share')}</th>
            <th scope="col">{t('details.effect')}</th>
          </tr>
        </thead>
        <tbody>
          {op.participants.map((p) => (
            <tr key={p.uid} data-uid={p.uid}>
              <th scope="row">{people.name(p.uid)}</th>
              <td className="amount">{p.paid === 0 ? '—' : show(p.paid)}</td>
              <td className="amount">{p.share === 0 ? '—' : show(p.share)}</td>
              <td className="amount" data-money={p.effect > 0 ? 'accrual' : p.effect < 0 ? 'debit' : 'neutral'}>
                {show(p.effect, true)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {op.entered.split && op.entered.split !== 'exact' && op.entered.split !== 'equal' && (
        <p className={styles.meta}>
          {t(`details.split.${op.entered.split}`, {
            weights: op.entered.parts.map((p) => `${people.name(p.uid)} ${p.weight ?? 0}${op.entered.split === 'percent' ? '%' : ''}`).join(', '),
          })}
        </p>
      )}
    </section>
  );
}
