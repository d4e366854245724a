import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CreateOperationBody, Operation } from '@common/contract/operations';
import { COMMENT_MAX, DESCRIPTION_MAX } from '../lib/limits';
import { isErrorCode } from '@common/errors';
import { PURCHASE_KINDS, type OperationKind } from '@common/ledger';
import { parseMoneyInput } from '@common/money';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { LinkButton } from '@/components/LinkButton';
import formStyles from '@/components/Form.module.css';
import { Modal } from '@/components/Modal';
import { DateField } from '@/components/DateField';
import { recordedState } from '../components/RecordedToast';
import { isTypingMistake, moneyErrorValues, MoneyInput } from '@/components/MoneyInput';
import { Spinner } from '@/components/Spinner';
import { clientError, type ApiError } from '@/lib/api-client';
import { CurrencySelect } from '@/features/currencies';
import { selectCurrentEvent } from '@/features/events';
import { genderContext } from '@/lib/i18n';
import { utcOffsetMinutes } from '@/lib/utc-offset';
import { fetchOperationCall, newIdempotencyKey } from '../operations-api';
import { editOperation } from '../operation-edits';
import { createOperation } from '../operations-thunks';
import { localeOf, moneyMinor } from '../lib/money';
import { useEventPeople } from '../lib/people';
import {
  chosenPeople,
  draftOf,
  draftOfBody,
  fitToCurrency,
  FORM_KINDS,
  hasErrors,
  KIND_SHAPE,
  lastCurrencyOf,
  newDraft,
  offersSeveralPayers,
  remainderOf,
  switchKind,
  toBody,
  today,
  validate,
  type Draft,
  type Errors,
  type Field,
} from './form-model';
import { PayersEditor } from './PayersEditor';
import { PeoplePicker } from './PeoplePicker';
import { amountAfterPayers, PARTS_MODES, weightedParts } from './split-model';
import { approximateMinor, crossRateOf } from './rates';
import { KindIcon } from './KindIcon';
import { RepeatFields } from '../repeat/RepeatFields';
import { shownFeedOf } from '../feed-queries';
import type { PendingOperation } from '../offline/pending-store';
import { queueOperation, sendPending, updatePending } from '../offline/pending-thunks';
import { NO_REPEAT, repeatBodyOf, validateRepeat, type RepeatDraft } from '../repeat/repeat-model';
import styles from './OperationForm.module.css';

export interface OperationFormProps {
  eventId: number;
  eventCurrency: string;
  /** What to start from: a kind, and for a payback its people and amount. */
  initial?: Partial<Draft> & { kind?: OperationKind };
  /** An operation to edit instead of recording a new one. */
  editing?: Operation;
  /** An operation waiting on this device to be sent: saving changes what will be sent. */
  pending?: PendingOperation;
  onClose: () => void;
  /** After an edit is saved, with the operation as it now stands. */
  onSaved?: (op: Operation) => void;
}

/** The kinds an edit may switch between: a purchase may become another purchase, nothing else changes kind. */
function kindsFor(editing: Operation | undefined): readonly OperationKind[] {
  if (!editing) return FORM_KINDS;
  return PURCHASE_KINDS.includes(editing.kind) ? PURCHASE_KINDS : [editing.kind];
}

/** Hundredths of a percent as the language writes a percentage ('99.5%', '99,5 %'). */
function formatPercent(hundredths: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(hundredths / 10_000);
}

/** A server answer's field, mapped to the form field it concerns. */
function fieldOf(error: ApiError): Field | null {
  switch (error.field) {
    case 'amount':
    case 'payer':
    case 'text':
    case 'date':
    case 'description':
      return error.field;
    case 'participants':
      return 'people';
    case 'payers':
      return 'payers';
    default:
      return null;
  }
}

/**
 * The operation form: one sheet for all eight kinds with a kind switcher on top. Every rule of
 * specification §5 is checked here before the server sees it; a retried submit carries the same
 * Idempotency-Key, so the server records it once.
 */
export function OperationForm({ eventId, eventCurrency, initial, editing, pending, onClose, onSaved }: OperationFormProps) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const people = useEventPeople();
  const { me } = people;
  const everyone = useMemo(() => people.participants.map((p) => p.uid), [people.participants]);
  const currencies = useAppSelector((s) => s.currencies);
  const openEvent = useAppSelector(selectCurrentEvent);
  const myUid = useAppSelector((s) => s.profile.user?.user);
  const shownPages = useAppSelector((s) => shownFeedOf(s, eventId)?.pages);
  const usedLast = useMemo(() => lastCurrencyOf(shownPages?.flatMap((page) => page.objects) ?? [], me), [shownPages, me]);
  const lastCurrency = usedLast && currencies.items.some((c) => c.currency === usedLast) ? usedLast : undefined;
  const ctx = { me, everyone, eventCurrency, lastCurrency };
  const [draft, setDraft] = useState<Draft>(() =>
    editing ? draftOf(editing, ctx) : pending ? draftOfBody(pending.body, ctx) : { ...newDraft(initial?.kind ?? 'even_purchase', ctx), ...initial },
  );
  // The version an edit is made from; after someone else's change it becomes theirs.
  const [base, setBase] = useState<Operation | undefined>(editing);
  const kinds = kindsFor(editing);
  const [repeat, setRepeat] = useState<RepeatDraft>(NO_REPEAT);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<ApiError | null>(null);
  const key = useRef<{ draft: string; body: CreateOperationBody; key: string } | null>(null);
  // The kinds speak in the first person ('I lent them'): in Russian the verb agrees with the user.
  const myGender = genderContext(useAppSelector((s) => s.profile.user?.gender));
  const uid = useId();

  const shape = KIND_SHAPE[draft.kind];
  const errors: Errors = useMemo(() => validate(draft, me), [draft, me]);
  // Only a new operation offers a repeat here; an existing one starts or changes its series from its details.
  const repeats = !editing && !pending && draft.kind !== 'comment';
  const repeatError = repeats ? validateRepeat(repeat, draft.date, today()) : null;
  // On a phone the kinds scroll in one row: the chosen one is brought into view, including one
  // chosen before the form opened (a payback from Debts), which sits at the row's far end.
  const activeKind = useRef<HTMLLabelElement>(null);
  useEffect(() => {
    activeKind.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [draft.kind]);
  const candidates = shape.people === 'others' ? everyone.filter((u) => u !== me) : everyone;
  const selected = chosenPeople(draft, me);
  const remainder = shape.parts && draft.mode === 'exact' ? remainderOf(draft, selected) : null;
  const weighted = shape.parts && draft.mode !== 'exact' ? weightedParts(selected, draft.weights, draft.mode, draft.amount, draft.currency) : null;
  const offersModes = shape.parts && draft.kind !== 'i_lent_them';

  // Messages show after the first submit; a negative remainder shows at once (it is refused live).
  const shown = (field: Field): string | null => {
    const code = errors[field];
    if (code && (submitted || isTypingMistake(code) || (field === 'people' && code === 'remainder_negative')))
      return t(`errors:${code}`, field === 'amount' ? moneyErrorValues(draft.amount) : undefined);
    if (serverError && fieldOf(serverError) === field) return errorText(serverError);
    return null;
  };
  const errorText = (error: ApiError) =>
    isErrorCode(error.code) ? t(`errors:${error.code}`, { defaultValue: error.message }) : error.message || t('form.failed');

  const update = (patch: Partial<Draft>) => {
    setServerError(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const changeCurrency = (currency: string) => {
    setServerError(null);
    setDraft((d) => ({
      ...d,
      currency,
      amount: fitToCurrency(d.amount, currency),
      parts: Object.fromEntries(Object.entries(d.parts).map(([k, v]) => [k, fitToCurrency(v, currency)])),
    }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || hasErrors(errors) || repeatError) return;
    // The same draft again (a retry) sends the very same request, its time and key included; a
    // changed draft is a new operation with a new key.
    if (base) {
      await saveEdit(base);
      return;
    }
    if (pending) {
      // Still the same key: if an earlier attempt did reach the server, it cannot be recorded twice.
      setBusy(true);
      await dispatch(updatePending(pending, toBody(draft, eventId, me)));
      if (navigator.onLine) void dispatch(sendPending(pending.author));
      setBusy(false);
      onClose();
      return;
    }
    const text = JSON.stringify({ draft, repeat: repeats ? repeat : null });
    if (!key.current || key.current.draft !== text) key.current = { draft: text, body: withRepeat(toBody(draft, eventId, me)), key: newIdempotencyKey() };
    const { body, key: idempotencyKey } = key.current;
    setBusy(true);
    setServerError(null);
    const result = await dispatch(createOperation({ body, idempotencyKey }));
    setBusy(false);
    if (createOperation.fulfilled.match(result)) {
      onClose();
      void navigate(`/events/${eventId}/transactions`, recordedState(result.payload.id));
    } else if (result.payload?.code === 'network' && myUid !== undefined) {
      // No connection: kept on this device and sent, with this very key, when it returns.
      try {
        await dispatch(queueOperation({ key: idempotencyKey, author: myUid, body }));
      } catch {
        setServerError(clientError('add_transaction_failed'));
        return;
      }
      onClose();
      void navigate(`/events/${eventId}/transactions`, { state: { queued: true } });
    } else if (result.payload && result.payload.status > 0) {
      setServerError(result.payload);
    } else {
      // No answer from the server, or none that could be read (§8).
      setServerError(clientError('add_transaction_failed'));
    }
  };

  const withRepeat = (body: CreateOperationBody): CreateOperationBody => {
    const rule = repeats ? repeatBodyOf(repeat, utcOffsetMinutes(new Date(body.details.date ?? Date.now()))) : undefined;
    return rule ? { ...body, repeat: rule } : body;
  };

  /**
   * An edit names the version it was made from. When someone else changed the operation first,
   * the form shows their version, says so, and leaves it to the user to look and save again.
   */
  const saveEdit = async (from: Operation) => {
    // As for a new one: a retry of the same draft from the same version is the same request, key included.
    const text = `${from.version}:${JSON.stringify(draft)}`;
    if (!key.current || key.current.draft !== text)
      key.current = { draft: text, body: toBody(draft, eventId, me, from.details.date), key: newIdempotencyKey() };
    const { body, key: idempotencyKey } = key.current;
    setBusy(true);
    setServerError(null);
    const result = await dispatch(editOperation({ id: from.id, body, version: from.version, idempotencyKey }));
    if (editOperation.fulfilled.match(result)) {
      setBusy(false);
      onSaved?.(result.payload);
      onClose();
      return;
    }
    const error = result.payload ?? clientError('add_transaction_failed');
    if (error.code === 'operation_changed') {
      const current = await fetchOperationCall(from.id).catch(() => null);
      if (current) {
        setBase(current);
        setDraft(draftOf(current, ctx));
        setSubmitted(false);
      }
    }
    setBusy(false);
    setServerError(error.status > 0 ? error : clientError('add_transaction_failed'));
  };

  const amountMinor = parseMoneyInput(draft.amount, draft.currency);
  const converted =
    amountMinor.ok && draft.currency !== eventCurrency
      ? approximateMinor(amountMinor.minor, draft.currency, eventCurrency, crossRateOf(currencies.items, currencies.base, draft.currency, eventCurrency))
      : null;

  const partErrors: Record<number, string | undefined> = {};
  for (const u of selected) {
    const code = errors[`part-${u}`];
    if (code && (submitted || isTypingMistake(code))) partErrors[u] = t(`errors:${code}`, moneyErrorValues(draft.parts[u] ?? ''));
  }

  const personOptions = (list: readonly number[]) =>
    list.map((u) => (
      <option key={u} value={u}>
        {people.name(u)}
      </option>
    ));

  const formError = serverError && !fieldOf(serverError) ? errorText(serverError) : null;
  const formId = `${uid}-form`;

  return (
    <Modal
      title={editing || pending ? t('form.editTitle') : t('form.title')}
      onClose={onClose}
      size="lg"
      closable={!busy}
      testId="operation-form"
      initialFocus="input[name='amount'], textarea[name='text']"
      footer={
        <>
          <Button scheme="gray" onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy} data-testid="operation-save">
            {busy && <Spinner size={16} decorative />}
            {t('form.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {kinds.length > 1 && (
          <fieldset className={styles.kinds} data-scroll-row>
            <legend className="visually-hidden">{t('form.kind')}</legend>
            {kinds.map((kind) => (
              <label key={kind} ref={kind === draft.kind ? activeKind : undefined} className={styles.kind} data-active={kind === draft.kind || undefined}>
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  checked={kind === draft.kind}
                  onChange={() => {
                    setServerError(null);
                    setSubmitted(false);
                    setDraft((d) => switchKind(d, kind, ctx));
                  }}
                />
                <KindIcon kind={kind} />
                <span>{t(`kinds.${kind}`, { context: myGender })}</span>
              </label>
            ))}
          </fieldset>
        )}
        <p className={styles.kindHint}>{t(`kindHints.${draft.kind}`, { context: myGender })}</p>

        {draft.kind === 'comment' ? (
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor={`${uid}-text`}>
              {t('form.text')}
            </label>
            <textarea
              id={`${uid}-text`}
              name="text"
              className={`${formStyles.input} ${styles.textarea}`}
              rows={4}
              maxLength={COMMENT_MAX}
              placeholder={t('form.textPlaceholder')}
              value={draft.text}
              aria-invalid={shown('text') ? true : undefined}
              aria-describedby={shown('text') ? `${uid}-text-error` : undefined}
              onChange={(e) => update({ text: e.target.value })}
            />
            {shown('text') && (
              <p id={`${uid}-text-error`} className={formStyles.error}>
                {shown('text')}
              </p>
            )}
          </div>
        ) : (
          <>
            <div className={styles.moneyRow}>
              <div className={`${formStyles.field} ${styles.amountField}`}>
                <label className={formStyles.label} htmlFor={`${uid}-amount`}>
                  {t('form.amount')}
                </label>
                <MoneyInput
                  id={`${uid}-amount`}
                  name="amount"
                  className={styles.amountInput}
                  currency={draft.currency}
                  value={draft.amount}
                  onValueChange={(amount) => update({ amount })}
                  invalid={!!shown('amount')}
                  aria-describedby={shown('amount') ? `${uid}-amount-error` : undefined}
                />
                {shown('amount') && (
                  <p id={`${uid}-amount-error`} className={formStyles.error}>
                    {shown('amount')}
                  </p>
                )}
                {amountMinor.ok && (
                  <p className={formStyles.hint} data-testid="amount-echo">
                    {t('form.savedAs', { amount: moneyMinor(amountMinor.minor, draft.currency, locale) })}
                  </p>
                )}
                {converted !== null && (
                  <p className={formStyles.hint} data-testid="converted-hint">
                    {t('form.approximateIn', { amount: moneyMinor(converted, eventCurrency, locale) })}
                  </p>
                )}
              </div>
              <div className={styles.currencyField}>
                <CurrencySelect label={t('form.currency')} value={draft.currency} onChange={changeCurrency} />
              </div>
            </div>

            {draft.payers !== null && offersSeveralPayers(draft.kind) ? (
              <PayersEditor
                lines={draft.payers}
                onChange={(payers) =>
                  update(
                    payers === null
                      ? { payers }
                      : { payers, payer: payers[0]?.uid ?? draft.payer, amount: amountAfterPayers(draft.amount, draft.payers, payers, draft.currency) },
                  )
                }
                amount={draft.amount}
                currency={draft.currency}
                people={people}
                candidates={everyone}
                error={shown('payers')}
                errorId={`${uid}-payers-error`}
              />
            ) : (
              (shape.payer === 'pick' || shape.payer === 'lender') && (
                <div className={styles.peopleRow}>
                  <div className={formStyles.field}>
                    <label className={formStyles.label} htmlFor={`${uid}-payer`}>
                      {t(`form.payer.${draft.kind}`)}
                    </label>
                    <select
                      id={`${uid}-payer`}
                      name="payer"
                      className={`${formStyles.input} ${styles.select}`}
                      value={draft.payer ?? ''}
                      aria-invalid={shown('payer') ? true : undefined}
                      aria-describedby={shown('payer') ? `${uid}-payer-error` : undefined}
                      onChange={(e) => update({ payer: e.target.value ? Number(e.target.value) : null })}
                    >
                      {(draft.payer === null || shape.payer === 'lender' || draft.kind === 'payback') && <option value="">{t('form.choosePerson')}</option>}
                      {personOptions(shape.payer === 'lender' ? everyone.filter((u) => u !== me) : everyone)}
                    </select>
                    {shown('payer') && (
                      <p id={`${uid}-payer-error`} className={formStyles.error}>
                        {shown('payer')}
                      </p>
                    )}
                    {offersSeveralPayers(draft.kind) && (
                      <LinkButton
                        className={styles.severalPayers}
                        data-testid="several-payers"
                        onClick={() =>
                          update({
                            payers: [
                              { uid: draft.payer, amount: '' },
                              { uid: everyone.find((u) => u !== draft.payer) ?? null, amount: '' },
                            ],
                          })
                        }
                      >
                        {t('form.severalPayers')}
                      </LinkButton>
                    )}
                  </div>
                  {draft.kind === 'payback' && (
                    <div className={formStyles.field}>
                      <label className={formStyles.label} htmlFor={`${uid}-recipient`}>
                        {t('form.recipient')}
                      </label>
                      <select
                        id={`${uid}-recipient`}
                        name="recipient"
                        className={`${formStyles.input} ${styles.select}`}
                        value={draft.recipient ?? ''}
                        aria-invalid={shown('recipient') ? true : undefined}
                        aria-describedby={shown('recipient') ? `${uid}-recipient-error` : undefined}
                        onChange={(e) => update({ recipient: e.target.value ? Number(e.target.value) : null })}
                      >
                        <option value="">{t('form.choosePerson')}</option>
                        {personOptions(everyone)}
                      </select>
                      {shown('recipient') && (
                        <p id={`${uid}-recipient-error`} className={formStyles.error}>
                          {shown('recipient')}
                        </p>
                      )}
                    </div>
                  )}
                </div>
              )
            )}

            {(shape.people === 'many' || shape.people === 'others') && (
              <>
                {offersModes && (
                  <div role="radiogroup" aria-label={t('form.partsMode')} className={styles.modes} data-testid="parts-modes">
                    {PARTS_MODES.map((mode) => (
                      <label key={mode} data-active={draft.mode === mode || undefined}>
                        <input type="radio" name="parts-mode" value={mode} checked={draft.mode === mode} onChange={() => update({ mode })} />
                        {t(`form.modes.${mode}`)}
                      </label>
                    ))}
                  </div>
                )}
                <PeoplePicker
                  legend={t(`form.people.${draft.kind}`)}
                  people={people}
                  candidates={candidates}
                  selected={selected}
                  onChange={(list) => update({ people: list })}
                  error={shown('people')}
                  errorId={`${uid}-people-error`}
                  balances={openEvent ? { currency: openEvent.currency, approximate: openEvent.approximate } : undefined}
                  parts={
                    !shape.parts
                      ? undefined
                      : draft.mode === 'exact'
                        ? {
                            values: draft.parts,
                            onChange: (u, text) => update({ parts: { ...draft.parts, [u]: text } }),
                            currency: draft.currency,
                            equal: remainder?.each ?? new Map(),
                            errors: partErrors,
                          }
                        : {
                            values: draft.weights,
                            onChange: (u, text) => update({ weights: { ...draft.weights, [u]: text } }),
                            currency: draft.currency,
                            equal: new Map(),
                            errors: partErrors,
                            unit: draft.mode,
                            resulting: weighted?.parts,
                          }
                  }
                />
                {weighted && draft.mode === 'percent' && (
                  <p className={styles.remainder} data-testid="percent-total" data-negative={weighted.percentTotal !== 10_000 || undefined} aria-live="polite">
                    {t('form.percentTotal', { total: formatPercent(weighted.percentTotal, locale) })}
                  </p>
                )}
                {shape.parts && remainder && (
                  <p className={styles.remainder} data-testid="remainder" data-negative={remainder.left < 0 || undefined} aria-live="polite">
                    {remainder.left === 0 && remainder.open.length === 0
                      ? t('form.remainderNone')
                      : remainder.open.length > 0
                        ? t('form.remainderAmong', { amount: moneyMinor(remainder.left, draft.currency, locale), count: remainder.open.length })
                        : t('form.remainder', { amount: moneyMinor(remainder.left, draft.currency, locale) })}
                  </p>
                )}
              </>
            )}

            <div className={styles.detailsRow}>
              <div className={`${formStyles.field} ${styles.dateField}`}>
                <label className={formStyles.label} htmlFor={`${uid}-date`}>
                  {t('form.date')}
                </label>
                <DateField id={`${uid}-date`} name="date" value={draft.date} invalid={!!shown('date')} onChange={(date) => update({ date })} />
                {shown('date') && <p className={formStyles.error}>{shown('date')}</p>}
              </div>
              <div className={`${formStyles.field} ${styles.descriptionField}`}>
                <label className={formStyles.label} htmlFor={`${uid}-description`}>
                  {t('form.description')}
                </label>
                <input
                  id={`${uid}-description`}
                  name="description"
                  className={formStyles.input}
                  maxLength={DESCRIPTION_MAX}
                  placeholder={t('form.descriptionPlaceholder')}
                  value={draft.description}
                  onChange={(e) => update({ description: e.target.value })}
                />
              </div>
            </div>
            {repeats && <RepeatFields value={repeat} onChange={setRepeat} firstDay={draft.date} today={today()} error={submitted ? repeatError : null} />}
          </>
        )}
        {formError && (
          <p className={formStyles.alert} role="alert">
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
