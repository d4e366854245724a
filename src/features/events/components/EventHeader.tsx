import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { normalizeName } from '@common/names';
import type { Event } from '@common/contract/events';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DetailTitle } from '@/components/DetailTitle';
import { ImageField, type ImageValue } from '@/components/ImageField';
import { base64Payload } from '@/components/images';
import { Modal } from '@/components/Modal';
import { TextField } from '@/components/TextField';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { effectiveDisplay, type DisplayMode } from '../events-api';
import { changeEventCurrency, deleteEvent, displayModeSet, eventPicture, eventTitle, leaveEvent, restoreEvent, updateEvent } from '../events-slice';
import { BalanceMessage } from './BalanceMessage';
import { WithPending } from './WithPending';
import { CurrencyPicker } from './CurrencyPicker';
import { ExportDialog } from './ExportDialog';
import { errorMessage } from './ErrorText';
import styles from './EventsPage.module.css';

function modeValue(mode: DisplayMode, eventCurrency: string): string {
  if (mode.kind !== 'currency') return mode.kind;
  // The display currency may be the event's own: that is the 'as stored' option.
  return mode.currency === eventCurrency ? 'event' : mode.currency;
}

function modeFrom(value: string): DisplayMode {
  if (value === 'event' || value === 'original') return { kind: value };
  return { kind: 'currency', currency: value };
}

export function EventHeader({ event }: { event: Event }) {
  const { t } = useTranslation('events');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const own = useAppSelector((s) => s.events.display[event.id]);
  const displayCurrency = useAppSelector((s) => s.currencies.display);
  const mode = effectiveDisplay(own, displayCurrency);
  const changeError = useAppSelector((s) => s.events.changeError);
  const [renaming, setRenaming] = useState(false);
  const [editingImage, setEditingImage] = useState(false);
  const [exporting, setExporting] = useState(false);
  // On a phone the two currency selects fold into one line under the title (desktop shows them always).
  const [currenciesOpen, setCurrenciesOpen] = useState(false);
  const controlsId = useId();
  const title = eventTitle(event);
  const dialogue = event.quasi_event_name !== null;

  const remove = async () => {
    const result = await dispatch(deleteEvent(event.id));
    if (deleteEvent.fulfilled.match(result)) void navigate('/events');
  };
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    const result = await dispatch(leaveEvent(event.id));
    if (leaveEvent.fulfilled.match(result)) void navigate('/events');
  };

  return (
    <header className={styles.eventHeader} data-testid="event-header">
      {event.del_date && (
        // Opened by its address after deletion: it can be read, and changed only once restored.
        <div className={styles.deletedNotice} role="status">
          <span>{t('event.deletedNotice')}</span>
          {event.isUserOwner && (
            <Button scheme="gray" onClick={() => void dispatch(restoreEvent(event.id))}>
              {t('list.restore')}
            </Button>
          )}
        </div>
      )}
      <div className={styles.headerTop}>
        {event.isUserOwner && !dialogue && !event.del_date ? (
          // Only the owner may change the picture (docs/api.md, PUT /v1/event/{id}/).
          <button
            type="button"
            className={styles.imageButton}
            onClick={() => setEditingImage(true)}
            aria-label={t('event.changeImage')}
            title={t('event.changeImage')}
            data-testid="change-event-image"
          >
            <Avatar url={eventPicture(event)} name={title} size={56} />
          </button>
        ) : (
          <Avatar url={eventPicture(event)} name={title} size={56} />
        )}
        <div className={styles.headerTitleBox}>
          {renaming ? (
            <RenameForm event={event} onDone={() => setRenaming(false)} />
          ) : (
            <div className={styles.headerTitleRow}>
              <DetailTitle className={styles.headerTitle}>{title}</DetailTitle>
              {!dialogue && <HeaderAction label={t('event.rename')} size={16} path="M11 2.5l2.5 2.5L6 12.5H3.5V10z" onClick={() => setRenaming(true)} />}
              <HeaderAction
                label={t('export.open')}
                size={16}
                path="M8 2.5v8M4.5 7.5L8 11l3.5-3.5M3 13.5h10"
                onClick={() => setExporting(true)}
                testId="export-event"
              />
              {!event.isUserOwner && !dialogue && !event.del_date && (
                // Someone else's event: whoever has my phone may put me in it, so I may leave it.
                <HeaderAction
                  label={t('event.leave')}
                  size={18}
                  path="M7 3.5H4v11h3M11.5 6l3 3-3 3M14.5 9H7"
                  onClick={() => setLeaving(true)}
                  testId="leave-event"
                />
              )}
              {event.isUserOwner && !event.del_date && (
                // Soft delete with an undo offer, so no confirm dialog stands in the way.
                <HeaderAction
                  label={t('event.delete')}
                  size={18}
                  path="M3 5h12M7.5 5V3.5h3V5M4.5 5l.8 9.5h7.4L13.5 5M7.5 8v4M10.5 8v4"
                  onClick={() => void remove()}
                  testId="delete-event"
                  className={styles.deleteEvent}
                />
              )}
            </div>
          )}
          <p className={styles.headerMeta}>
            {dialogue ? t('list.dialogue') : t('event.participantsCount', { count: event.contacts.length })}
            <button
              type="button"
              className={styles.currenciesToggle}
              aria-expanded={currenciesOpen}
              aria-controls={controlsId}
              onClick={() => setCurrenciesOpen((open) => !open)}
              data-testid="currencies-toggle"
            >
              {t('display.summary', { stored: event.eventCurrency, shown: event.currency })}
              <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                <path d="M3 4.5l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </p>
          <BalanceMessage amount={event.payout} currency={event.currency} subject="me" approximate={event.approximate} />
          <WithPending event={event} />
        </div>
      </div>

      <div id={controlsId} className={styles.headerControls} data-open={currenciesOpen || undefined}>
        <label className={styles.control}>
          <span className={styles.controlLabel}>{t('display.eventCurrency')}</span>
          {event.isUserOwner ? (
            <CurrencyPicker
              value={event.eventCurrency}
              onChange={(currency) => void dispatch(changeEventCurrency({ id: event.id, currency }))}
              testId="event-currency"
            />
          ) : (
            <span className={styles.controlValue}>{event.eventCurrency}</span>
          )}
        </label>
        <label className={styles.control}>
          <span className={styles.controlLabel}>{t('display.showIn')}</span>
          <CurrencyPicker
            value={modeValue(mode, event.eventCurrency)}
            onChange={(value) => dispatch(displayModeSet({ id: event.id, mode: modeFrom(value) }))}
            exclude={event.eventCurrency}
            leading={[
              { value: 'event', label: t('display.asStored', { currency: event.eventCurrency }) },
              { value: 'original', label: t('display.original') },
            ]}
            testId="display-currency"
          />
        </label>
        {event.approximate && (
          <span className={styles.approximate} title={t('display.approximateHint')} data-testid="approximate">
            ≈ {t('display.approximate')}
          </span>
        )}
      </div>
      {mode.kind === 'original' && <p className={styles.hint}>{t('display.originalHint')}</p>}
      {event.approximate && <p className={styles.hint}>{t('display.approximateHint')}</p>}
      {editingImage && <ImageDialog event={event} onClose={() => setEditingImage(false)} />}
      {exporting && <ExportDialog event={event} onClose={() => setExporting(false)} />}
      {leaving && (
        <ConfirmDialog
          title={t('event.leaveTitle')}
          text={t('event.leaveText', { name: title })}
          confirmLabel={t('event.leave')}
          scheme="danger"
          onSubmit={leave}
          onClose={() => setLeaving(false)}
        />
      )}
      {changeError && !renaming && (
        <p role="alert" className={styles.errorText}>
          {errorMessage(t, changeError, t('event.error'))}
        </p>
      )}
    </header>
  );
}

/** The owner's picture change: a new one (uploaded and cropped, or predefined), or none. */
function ImageDialog({ event, onClose }: { event: Event; onClose: () => void }) {
  const { t } = useTranslation('events');
  const dispatch = useAppDispatch();
  const [value, setValue] = useState<ImageValue>(event.image_url ? { kind: 'current', url: event.image_url } : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (image_url: string | null) => {
    setBusy(true);
    setError(null);
    const result = await dispatch(updateEvent({ id: event.id, data: { image_url } }));
    setBusy(false);
    if (updateEvent.fulfilled.match(result)) onClose();
    else setError(errorMessage(t, result.payload ?? null, t('event.error')));
  };
  const changed = value?.kind === 'new';
  return (
    <Modal
      title={t('event.imageTitle')}
      onClose={onClose}
      closable={!busy}
      size="sm"
      testId="event-image-dialog"
      footer={
        <>
          {event.image_url && (
            <Button scheme="gray" onClick={() => void save(null)} disabled={busy}>
              {t('event.removeImage')}
            </Button>
          )}
          <Button scheme="gray" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => value?.kind === 'new' && void save(base64Payload(value.dataUrl))} disabled={!changed || busy} aria-busy={busy}>
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <ImageField
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        name={eventTitle(event)}
        error={error}
        texts={{ label: t('create.image'), upload: t('create.imageUpload'), choose: t('create.imageChoose'), hint: t('create.imageHint') }}
        testId="event-image"
      />
    </Modal>
  );
}

function RenameForm({ event, onDone }: { event: Event; onDone: () => void }) {
  const { t } = useTranslation('events');
  const dispatch = useAppDispatch();
  const [name, setName] = useState(event.event_name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const clean = normalizeName(name);
    if (!clean) {
      setError(t('create.nameRequired'));
      return;
    }
    setBusy(true);
    const result = await dispatch(updateEvent({ id: event.id, data: { event_name: clean } }));
    setBusy(false);
    if (updateEvent.fulfilled.match(result)) onDone();
    else setError(errorMessage(t, result.payload ?? null, t('event.error')));
  };
  return (
    <form className={styles.renameForm} onSubmit={(e) => void submit(e)} noValidate>
      <TextField label={t('event.renameLabel')} value={name} onChange={(e) => setName(e.target.value)} error={error} autoFocus maxLength={100} />
      <div className={styles.actions}>
        <Button scheme="gray" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}

/** One of the header's icon buttons: a stroked outline, named by its label (read aloud and shown on hover). */
function HeaderAction({
  label,
  size,
  path,
  onClick,
  testId,
  className,
}: {
  label: string;
  size: number;
  path: string;
  onClick: () => void;
  testId?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className ? `${styles.iconButton} ${className}` : styles.iconButton}
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
