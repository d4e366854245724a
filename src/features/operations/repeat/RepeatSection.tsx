import { useState } from 'react';
import { cacheError } from '@/app/server-api';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Operation } from '@common/contract/operations';
import type { Recurrence } from '@common/contract/recurrences';
import { localDay } from '@common/recurrence';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { LinkButton } from '@/components/LinkButton';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { utcOffsetMinutes } from '@/lib/utc-offset';
import { apiErrorText } from '../lib/error-text';
import { localeOf } from '../lib/money';
import { dayText } from '../details/history-text';
import { usePutRecurrenceMutation, useRecurrenceQuery, useStopRecurrenceMutation } from '../operations-queries';
import { feedOutdated } from '../feed-writes';
import { refreshAfterChange } from '../operations-thunks';
import { RepeatFields } from './RepeatFields';
import { NO_REPEAT, repeatBodyOf, repeatDraftOf, validateRepeat, type RepeatDraft } from './repeat-model';
import { ruleText } from './rule-text';
import details from '../details/OperationDetails.module.css';
import styles from './Repeat.module.css';

/**
 * The details' 'Repeats' section: the series' rule and next date, changed from here (this
 * operation becomes the pattern of those to come) or stopped; an operation outside any series can
 * start one. Occurrences are ordinary operations: editing or deleting one leaves the rule alone.
 */
export function RepeatSection({ op, editable }: { op: Operation; editable: boolean }) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const dispatch = useAppDispatch();
  const [changing, setChanging] = useState(false);
  const [stopping, setStopping] = useState(false);
  const seriesId = op.recurrence_id ?? null;
  const { data: series, error: readError, refetch } = useRecurrenceQuery(seriesId === null ? skipToken : op.id);
  const [stopSeries, stopped] = useStopRecurrenceMutation();
  const error = cacheError(stopped.error ?? readError);
  // A series writes in its author's name: only they start or change it; anyone may stop it.
  const mine = useAppSelector((s) => s.profile.user?.user) === op.details.author;

  if (op.kind === 'comment' && seriesId === null) return null;
  if (seriesId === null && !(editable && mine)) return null;

  const status = (s: Recurrence) => {
    if (s.next) return t('repeat.next', { date: dayText(s.next, locale) });
    if (s.stop_reason) return t('repeat.stoppedBecause', { reason: t(`errors:${s.stop_reason}`, { defaultValue: s.stop_reason }) });
    return s.stopped ? t('repeat.stopped') : t('repeat.ended', { count: s.made });
  };

  return (
    <section aria-labelledby="repeat-title" className={details.section} data-testid="repeat-section">
      <h3 id="repeat-title" className={details.sectionTitle}>
        {t('repeat.title')}
      </h3>
      {seriesId === null ? (
        <LinkButton onClick={() => setChanging(true)} data-testid="repeat-start">
          {t('repeat.start')}
        </LinkButton>
      ) : error ? (
        <div role="alert" className={styles.series}>
          <p className={styles.meta}>{apiErrorText(t, error)}</p>
          <Button onClick={() => void refetch()}>{t('common:actions.retry')}</Button>
        </div>
      ) : !series ? (
        <Spinner size={20} label={t('details.loading')} />
      ) : (
        <div className={styles.series}>
          <p className={styles.rule} data-testid="repeat-rule">
            {ruleText(t, series, locale)}
          </p>
          <p className={styles.meta} data-testid="repeat-status">
            {status(series)}
          </p>
          {editable && (
            <div className={styles.actions}>
              {mine && (
                <LinkButton onClick={() => setChanging(true)} data-testid="repeat-change">
                  {series.next ? t('repeat.change') : t('repeat.restart')}
                </LinkButton>
              )}
              {series.next && (
                <LinkButton onClick={() => setStopping(true)} data-testid="repeat-stop">
                  {t('repeat.stop')}
                </LinkButton>
              )}
            </div>
          )}
        </div>
      )}
      {changing && (
        <RepeatDialog
          op={op}
          start={series && series.next ? repeatDraftOf(series) : { ...NO_REPEAT, frequency: series?.frequency ?? 'monthly' }}
          onClose={() => setChanging(false)}
          onSaved={() => {
            setChanging(false);
            // Occurrences already due by the new rule were recorded with it.
            dispatch(feedOutdated(op.event_id));
            refreshAfterChange(dispatch, [op.event_id]);
          }}
        />
      )}
      {stopping && (
        <ConfirmDialog
          title={t('repeat.stopTitle')}
          text={t('repeat.stopText')}
          confirmLabel={t('repeat.stop')}
          scheme="danger"
          onSubmit={async () => {
            // A refusal shows where the rule was (stopped.error).
            await stopSeries(op.id);
          }}
          onClose={() => setStopping(false)}
        />
      )}
    </section>
  );
}

/** The rule as fields, sent as PUT: from this operation's date, this operation the pattern. */
function RepeatDialog({ op, start, onClose, onSaved }: { op: Operation; start: RepeatDraft; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('operations');
  const [draft, setDraft] = useState(start);
  const [submitted, setSubmitted] = useState(false);
  const [putSeries, { isLoading: busy, error }] = usePutRecurrenceMutation();
  const serverError = cacheError(error);
  const offset = utcOffsetMinutes(new Date(op.details.date));
  const firstDay = localDay(new Date(op.details.date), offset);
  // Changing a series only adds what comes after its latest occurrence, so only a new one is held to the year back.
  const today = localDay(new Date(), offset);
  const invalid = validateRepeat(draft, firstDay, op.recurrence_id ? firstDay : today);

  const save = async () => {
    setSubmitted(true);
    const body = repeatBodyOf(draft, offset);
    if (invalid || !body || busy) return;
    const saved = await putSeries({ operationId: op.id, body });
    if ('data' in saved) onSaved();
  };

  const serverText = serverError && apiErrorText(t, serverError);
  return (
    <Modal
      title={op.recurrence_id ? t('repeat.changeTitle') : t('repeat.startTitle')}
      onClose={onClose}
      closable={!busy}
      testId="repeat-dialog"
      footer={
        <>
          <Button scheme="gray" onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => void save()} aria-busy={busy} disabled={busy} data-testid="repeat-save">
            {busy && <Spinner size={16} decorative />}
            {t('form.save')}
          </Button>
        </>
      }
    >
      {op.recurrence_id !== null && op.recurrence_id !== undefined && <p className={styles.meta}>{t('repeat.changeHint')}</p>}
      <RepeatFields value={draft} onChange={setDraft} firstDay={firstDay} today={today} error={submitted ? invalid : null} allowNone={false} />
      {serverText && (
        <p className={styles.meta} role="alert">
          {serverText}
        </p>
      )}
    </Modal>
  );
}
