import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REPEAT_COUNT, REPEAT_FREQUENCIES } from '@common/recurrence';
import formStyles from '@/components/Form.module.css';
import { DateField } from '@/components/DateField';
import { localeOf } from '../lib/money';
import { localDayText } from './rule-text';
import { secondDayOf, type RepeatDraft, type RepeatEnd, type RepeatError } from './repeat-model';
import styles from './Repeat.module.css';

const ENDS: readonly RepeatEnd[] = ['never', 'until', 'count'];

/**
 * Whether and how an operation repeats: how often, every how many, and until when. The next date
 * is shown as the rule is typed, so a month end or 29 February says what it will do.
 */
export function RepeatFields({
  value,
  onChange,
  firstDay,
  today,
  error,
  allowNone = true,
}: {
  value: RepeatDraft;
  onChange: (next: RepeatDraft) => void;
  /** The first occurrence's day, YYYY-MM-DD. */
  firstDay: string;
  /** Today, YYYY-MM-DD: days before it are recorded as soon as the rule is saved. */
  today: string;
  /** Shown under the fields once the form was submitted. */
  error: RepeatError | null;
  /** Changing a series offers no 'does not repeat': stopping is its own button. */
  allowNone?: boolean;
}) {
  const { t, i18n } = useTranslation('operations');
  const uid = useId();
  const set = (patch: Partial<RepeatDraft>) => onChange({ ...value, ...patch });
  const second = secondDayOf(value, firstDay);
  const interval = Number(value.interval);
  return (
    <fieldset className={styles.fields} data-testid="repeat-fields">
      <legend className={formStyles.label}>{t('repeat.legend')}</legend>
      <div className={styles.row}>
        <select
          aria-label={t('repeat.frequency')}
          name="repeat-frequency"
          className={`${formStyles.input} ${styles.select}`}
          value={value.frequency}
          onChange={(e) => set({ frequency: e.target.value as RepeatDraft['frequency'] })}
        >
          {allowNone && <option value="none">{t('repeat.none')}</option>}
          {REPEAT_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t(`repeat.frequencies.${f}`)}
            </option>
          ))}
        </select>
        {value.frequency !== 'none' && (
          <label className={styles.every}>
            <span>{t('repeat.every')}</span>
            <input
              name="repeat-interval"
              inputMode="numeric"
              className={`${formStyles.input} ${styles.number}`}
              value={value.interval}
              aria-invalid={error === 'repeat.intervalInvalid' || undefined}
              onChange={(e) => set({ interval: e.target.value })}
            />
            <span>{t(`repeat.units.${value.frequency}`, { count: Number.isInteger(interval) && interval > 0 ? interval : 1 })}</span>
          </label>
        )}
      </div>
      {value.frequency !== 'none' && (
        <div className={styles.row}>
          <select
            aria-label={t('repeat.ends')}
            name="repeat-end"
            className={`${formStyles.input} ${styles.select}`}
            value={value.end}
            onChange={(e) => set({ end: e.target.value as RepeatEnd })}
          >
            {ENDS.map((end) => (
              <option key={end} value={end}>
                {t(`repeat.endOptions.${end}`)}
              </option>
            ))}
          </select>
          {value.end === 'until' && (
            <div className={styles.until}>
              <DateField
                id={`${uid}-until`}
                name="repeat-until"
                value={value.until}
                invalid={error === 'errors:repeat_until_before_start' || error === 'repeat.untilRequired'}
                onChange={(until) => set({ until })}
              />
            </div>
          )}
          {value.end === 'count' && (
            <label className={styles.every}>
              <input
                name="repeat-count"
                inputMode="numeric"
                className={`${formStyles.input} ${styles.number}`}
                value={value.count}
                aria-invalid={error === 'repeat.countInvalid' || undefined}
                onChange={(e) => set({ count: e.target.value })}
              />
              <span>{t('repeat.times', { count: Number(value.count) || 0 })}</span>
            </label>
          )}
        </div>
      )}
      {error ? (
        <p className={formStyles.error} role="alert">
          {t(error)}
        </p>
      ) : (
        second && (
          <p className={formStyles.hint} data-testid="repeat-next">
            {t(second < today ? 'repeat.pastOn' : 'repeat.thenOn', { date: localDayText(second, localeOf(i18n.language)) })}
            {value.end === 'never' && ` ${t('repeat.neverLimit', { max: new Intl.NumberFormat(localeOf(i18n.language)).format(MAX_REPEAT_COUNT) })}`}
          </p>
        )
      )}
    </fieldset>
  );
}
