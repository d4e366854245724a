import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Contact } from '@common/contract/contacts';
import type { ImportBody, ImportPreview } from '@common/contract/transfer';
import { isImportRate } from '@common/money-limits';
import { normalizeName } from '@common/names';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { PhoneInput } from '@/components/PhoneInput';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { toApiError, type ApiError } from '@/lib/api-client';
import { CurrencySelect } from '@/features/currencies';
import { listStale } from '../events-slice';
import { localeOf, moneyView } from '../money';
import { transferApi } from '../transfer-api';
import { errorMessage } from './ErrorText';
import formStyles from '@/components/Form.module.css';
import styles from './Transfer.module.css';

/** common/contract/transfer IMPORT_FILE_MAX and events EVENT_NAME_MAX; importing them would bring zod into this chunk. */
const FILE_MAX = 5_000_000;
const EVENT_NAME_MAX = 100;

/** Who a person of the file is: a uid (the caller or a contact), a phone to add, just a name, or not said yet. */
type Choice = { kind: 'uid'; uid: number } | { kind: 'phone'; phone: string; valid: boolean } | { kind: 'name' } | { kind: 'none' };

type Step =
  | { name: 'choose' }
  | { name: 'reading' }
  | { name: 'preview'; file: string; preview: ImportPreview; asked: string; recounting?: boolean }
  | { name: 'importing'; file: string; preview: ImportPreview; sent: number };

/** A rate as typed ('61,5' or '61.5') in the form the import takes, or null when it is not one. */
function rateOf(text: string): string | null {
  const clean = text.trim().replace(',', '.');
  return isImportRate(clean) ? clean : null;
}

/**
 * The file's currencies that need a rate typed in for this event currency: those the app has no
 * rate for, and every other one when the event currency is such a currency itself.
 */
export function ratesNeeded(preview: Pick<ImportPreview, 'currencies' | 'rates_missing'>, currency: string): string[] {
  const missing = new Set(preview.rates_missing);
  return preview.currencies.filter((c) => c !== currency && (missing.has(c) || missing.has(currency)));
}

function resolved(choice: Choice | undefined): boolean {
  return choice?.kind === 'uid' || choice?.kind === 'name' || (choice?.kind === 'phone' && choice.valid);
}

/** What the preview says of a person before the importer says anything: the contact of that name, or nobody yet; the members who left are a name. */
function firstChoice(person: ImportPreview['people'][number]): Choice {
  if (person.departed) return { kind: 'name' };
  return person.match ? { kind: 'uid', uid: person.match } : { kind: 'none' };
}

/** A person of the file as the import takes them. */
function personOf(name: string, choice: Choice | undefined): ImportBody['people'][number] {
  if (choice?.kind === 'uid') return { name, uid: choice.uid };
  if (choice?.kind === 'phone') return { name, phone: choice.phone };
  return { name };
}

/**
 * A group's history moved in from Splitwise's 'Export as spreadsheet', Spliit's JSON export or a Dolya spreadsheet or JSON export:
 * the file is read by the server and previewed (people, operations, each balance, rows it cannot
 * take) before anything is written; the import then creates the event in one go.
 */
export function ImportEventModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('events');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState<ApiError | string | null>(null);
  // The contact book the app read when it started, and keeps as contacts are added or removed.
  const contacts = useAppSelector((s) => s.contacts.items);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [currency, setCurrency] = useState('EUR');
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [rates, setRates] = useState<Record<string, string>>({});
  const [ratesShown, setRatesShown] = useState(false);
  const fileId = useId();

  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    setError(null);
    if (picked.size > FILE_MAX) {
      setError(t('import.tooBig'));
      return;
    }
    setStep({ name: 'reading' });
    try {
      const file = await picked.text();
      const preview = await transferApi.preview({ file });
      setName(picked.name.replace(/\.[^.]+$/, '').slice(0, EVENT_NAME_MAX));
      setCurrency(preview.currency);
      setChoices(Object.fromEntries(preview.people.map((p) => [p.name, firstChoice(p)])));
      setStep({ name: 'preview', file, preview, asked: JSON.stringify([preview.currency, {}]) });
    } catch (err) {
      setError(toApiError(err));
      setStep({ name: 'choose' });
    }
  };

  // The currencies whose rate the importer must type for the event currency chosen.
  const needed = step.name === 'preview' || step.name === 'importing' ? ratesNeeded(step.preview, currency) : [];
  const typed = needed.map((c) => [c, rateOf(rates[c] ?? '')] as const);
  const given: Record<string, string> = Object.fromEntries(typed.flatMap(([c, rate]) => (rate === null ? [] : [[c, rate]])));
  // What the preview shown was asked for, and what the import would now be given.
  const wanted = JSON.stringify([currency, given]);
  const asked = step.name === 'preview' ? step.asked : null;
  const file = step.name === 'preview' ? step.file : null;

  // The preview again for the event currency and rates chosen: the balances the import will leave
  // in it, and the rows that cannot be an operation in it. A moment after the last change.
  useEffect(() => {
    if (file === null || asked === wanted) return;
    let current = true;
    const timer = setTimeout(() => {
      setStep((s) => (s.name === 'preview' ? { ...s, recounting: true } : s));
      const [currency, rates] = JSON.parse(wanted) as [string, Record<string, string>];
      transferApi
        .preview({ file, currency, ...(Object.keys(rates).length > 0 ? { rates } : {}) })
        .then((preview) => current && setStep((s) => (s.name === 'preview' && s.file === file ? { name: 'preview', file, preview, asked: wanted } : s)))
        .catch((err: unknown) => {
          if (!current) return;
          setError(toApiError(err));
          setStep((s) => (s.name === 'preview' ? { ...s, asked: wanted, recounting: false } : s));
        });
    }, RECOUNT_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [file, asked, wanted]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (step.name !== 'preview') return;
    const clean = normalizeName(name);
    if (!clean) {
      setNameError(t('create.nameRequired'));
      return;
    }
    if (!step.preview.people.every((p) => resolved(choices[p.name]))) {
      setError(t('import.choosePeople'));
      return;
    }
    const untyped = typed.filter(([, rate]) => rate === null).map(([c]) => c);
    if (untyped.length > 0) {
      setRatesShown(true);
      setError(t('import.ratesNeeded', { list: untyped.join(', ') }));
      return;
    }
    setNameError(null);
    setError(null);
    const { file, preview } = step;
    setStep({ name: 'importing', file, preview, sent: 0 });
    const people = preview.people.map((p) => personOf(p.name, choices[p.name]));
    const departed = preview.people.some((p) => p.departed) ? { departed_name: t('import.departed') } : {};
    try {
      const result = await transferApi.import(
        {
          file,
          event_name: clean,
          currency,
          people,
          rounding_name: t('import.rounding'),
          ...departed,
          ...(Object.keys(given).length > 0 ? { rates: given } : {}),
        },
        (sent) => setStep((s) => (s.name === 'importing' ? { ...s, sent } : s)),
      );
      dispatch(listStale());
      onClose();
      void navigate(`/events/${result.event.id}/transactions`);
    } catch (err) {
      setError(toApiError(err));
      setStep({ name: 'preview', file, preview, asked: JSON.stringify([currency, given]) });
    }
  };

  const busy = step.name === 'reading' || step.name === 'importing';
  const recounting = step.name === 'preview' && step.recounting === true;
  const shownError = typeof error === 'string' ? error : error ? errorMessage(t, error, t('import.error')) : null;
  // One alert for both steps: choosing the file and the preview.
  const alert = shownError && (
    <p role="alert" className={formStyles.error}>
      {shownError}
    </p>
  );

  return (
    <Modal title={t('import.title')} onClose={onClose} closable={!busy} size="md" testId="import-modal">
      {step.name === 'choose' || step.name === 'reading' ? (
        <div className={formStyles.form}>
          <p className={formStyles.hint}>{t('import.intro')}</p>
          <label htmlFor={fileId} className={formStyles.label}>
            {t('import.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.json,text/csv,application/json,text/plain"
            onChange={(e) => void readFile(e)}
            disabled={busy}
            data-testid="import-file"
          />
          {step.name === 'reading' && (
            <p role="status">
              <Spinner size={16} /> {t('import.reading')}
            </p>
          )}
          {alert}
          <div className={formStyles.actions}>
            <Button scheme="gray" onClick={onClose} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
          <Summary preview={step.preview} currency={currency} />
          <TextField
            label={t('create.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            maxLength={EVENT_NAME_MAX}
            disabled={busy}
            data-testid="import-name"
          />
          <CurrencySelect label={t('create.currency')} value={currency} onChange={setCurrency} />
          {needed.length > 0 && (
            <fieldset className={formStyles.fieldset} disabled={busy} data-testid="import-rates">
              <legend className={formStyles.label}>{t('import.ratesTitle')}</legend>
              <p className={formStyles.hint}>{t('import.ratesHint')}</p>
              {needed.map((c) => (
                <TextField
                  key={c}
                  label={t('import.rateLabel', { from: c, to: currency })}
                  value={rates[c] ?? ''}
                  onChange={(e) => {
                    setRates((all) => ({ ...all, [c]: e.target.value }));
                    setError(null);
                  }}
                  error={ratesShown && rateOf(rates[c] ?? '') === null ? t('import.rateInvalid') : null}
                  inputMode="decimal"
                  maxLength={21}
                  data-testid={`import-rate-${c}`}
                />
              ))}
            </fieldset>
          )}
          <fieldset className={formStyles.fieldset} disabled={busy}>
            <legend className={formStyles.label}>{t('import.people')}</legend>
            <p className={formStyles.hint}>{t('import.peopleHint')}</p>
            <ul className={styles.people}>
              {step.preview.people.map((person, index) => (
                <PersonRow
                  key={person.name}
                  person={person}
                  contacts={contacts}
                  choice={choices[person.name] ?? { kind: 'none' }}
                  onChange={(choice) => setChoices((all) => ({ ...all, [person.name]: choice }))}
                  locale={localeOf(i18n.language)}
                  after={afterImport(step.preview, index, currency)}
                />
              ))}
            </ul>
          </fieldset>
          {step.name === 'importing' && (
            <div role="status">
              <progress className={styles.progress} value={step.sent < 1 ? step.sent : undefined} max={1} aria-label={t('import.importing')} />
              <p className={formStyles.hint}>{step.sent < 1 ? t('import.sending') : t('import.importing')}</p>
            </div>
          )}
          {recounting && (
            <p role="status" className={formStyles.hint}>
              <Spinner size={16} /> {t('import.recounting')}
            </p>
          )}
          {alert}
          <div className={formStyles.actions}>
            <Button scheme="gray" onClick={() => setStep({ name: 'choose' })} disabled={busy}>
              {t('import.otherFile')}
            </Button>
            <Button type="submit" disabled={busy || recounting} aria-busy={busy} data-testid="import-submit">
              {busy && <Spinner size={16} />}
              {t('import.submit', { count: step.preview.operations })}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** A rate as the importer reads it: at most six significant decimals, in their language. */
function rateText(rate: string, language: string): string {
  return new Intl.NumberFormat(localeOf(language) === 'ru' ? 'ru-RU' : 'en-GB', { maximumSignificantDigits: 6 }).format(Number(rate));
}

/** '2 May 2026' / '2 мая 2026 г.': the file's first and last days. */
function dayText(day: string | null, language: string): string {
  if (!day) return '';
  return new Intl.DateTimeFormat(localeOf(language) === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** How long the preview waits after the event currency or a rate changes before it is asked again. */
const RECOUNT_DELAY_MS = 300;

/**
 * A person's balance in the event currency once imported, when the file's balances are in another
 * currency too (else their totals say it already); null until the preview has it for this currency.
 */
function afterImport(preview: ImportPreview, index: number, currency: string): { amount: number; currency: string } | null {
  const result = preview.result;
  if (!result || result.currency !== currency || preview.currencies.every((c) => c === currency)) return null;
  const amount = result.balances[index];
  return amount === undefined ? null : { amount, currency };
}

function Summary({ preview, currency }: { preview: ImportPreview; currency: string }) {
  const { t, i18n } = useTranslation('events');
  const converted = preview.result?.currency === currency ? preview.result.rates : [];
  return (
    <div className={styles.summary} data-testid="import-summary">
      <p>{t('import.found', { count: preview.operations, from: dayText(preview.first_day, i18n.language), to: dayText(preview.last_day, i18n.language) })}</p>
      {preview.totals_match === true && <p className={styles.ok}>{t('import.totalsMatch')}</p>}
      {preview.totals_match === false && <p className={styles.warning}>{t('import.totalsDiffer')}</p>}
      {preview.currencies.length > 1 && <p>{t('import.currencies', { list: preview.currencies.join(', ') })}</p>}
      {converted.length > 0 && (
        <ul className={styles.problems} data-testid="import-conversion">
          {converted.map((r) => (
            <li key={r.currency}>
              {t(r.day ? 'import.convertedAt' : 'import.convertedAtTyped', {
                from: r.currency,
                to: currency,
                rate: rateText(r.rate, i18n.language),
                day: dayText(r.day, i18n.language),
              })}
            </li>
          ))}
        </ul>
      )}
      {preview.problems.length > 0 && (
        <>
          <p className={styles.warning}>{t('import.skipped', { count: preview.problems.length })}</p>
          <ul className={styles.problems} data-testid="import-problems">
            {preview.problems.map((p) => (
              <li key={p.path ?? p.line}>
                {p.path
                  ? t('import.problemAt', { path: p.path, reason: t(`import.problems.${p.code}`) })
                  : t('import.problem', { line: p.line, reason: t(`import.problems.${p.code}`) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function PersonRow({
  person,
  contacts,
  choice,
  onChange,
  locale,
  after,
}: {
  person: ImportPreview['people'][number];
  contacts: Contact[];
  choice: Choice;
  onChange: (choice: Choice) => void;
  locale: ReturnType<typeof localeOf>;
  /** Their balance in the event currency once imported, when the file's is in others too. */
  after: { amount: number; currency: string } | null;
}) {
  const { t } = useTranslation('events');
  const selectId = useId();
  const value = choice.kind === 'uid' ? String(choice.uid) : choice.kind;
  // What the file says this person's balance is, beside what the import would make it.
  const differs = person.file_totals?.some((f) => (person.totals.find((x) => x.currency === f.currency)?.amount ?? 0) !== f.amount) ?? false;
  const select = (next: string) => {
    if (next === 'phone') onChange({ kind: 'phone', phone: '', valid: false });
    else if (next === 'name' || next === 'none') onChange({ kind: next });
    else onChange({ kind: 'uid', uid: Number(next) });
  };
  const totals = person.totals.map((total) => (
    <span key={total.currency} className={styles.personTotal}>
      {moneyView(total.amount, total.currency, locale)?.text}
    </span>
  ));
  const afterLine = after && (
    <p className={styles.personAfter} data-testid="import-person-after">
      {t('import.after', { amount: moneyView(after.amount, after.currency, locale)?.text ?? '' })}
    </p>
  );
  if (person.departed) {
    return (
      <li className={styles.person} data-testid="import-person">
        <span className={styles.personName}>
          <span>{t('import.departed')}</span>
          {totals}
        </span>
        {afterLine}
        <p className={formStyles.hint}>{t('import.departedHint')}</p>
      </li>
    );
  }
  return (
    <li className={styles.person} data-testid="import-person">
      <label className={styles.personName} htmlFor={selectId}>
        <span>{person.name}</span>
        {totals}
      </label>
      <div className={styles.personChoice}>
        <select id={selectId} className={formStyles.input} value={value} onChange={(e) => select(e.target.value)}>
          <option value="none">{t('import.choose')}</option>
          {contacts.map((c) => (
            <option key={c.uid} value={c.uid}>
              {c.is_me ? t('import.me') : c.name}
            </option>
          ))}
          <option value="phone">{t('import.byPhone')}</option>
          <option value="name">{t('import.byName')}</option>
        </select>
        {choice.kind === 'phone' && (
          <PhoneInput label={t('import.phone')} value={choice.phone} onChange={(phone, valid) => onChange({ kind: 'phone', phone, valid })} autoFocus />
        )}
      </div>
      {afterLine}
      {(differs || person.left_out.length > 0) && (
        <p className={`${styles.warning} ${styles.personDiffers}`} data-testid="import-person-differs">
          {differs && t('import.fileSays', { amounts: person.file_totals!.map((f) => moneyView(f.amount, f.currency, locale)?.text ?? '').join(', ') })}
          {differs && person.left_out.length > 0 && ' '}
          {person.left_out.length > 0 && t('import.leftOutRows', { count: person.left_out.length, lines: person.left_out.join(', ') })}
        </p>
      )}
    </li>
  );
}
