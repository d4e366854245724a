import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/Avatar';
import formStyles from '@/components/Form.module.css';
import { MoneyInput } from '@/components/MoneyInput';
import { BalanceMessage } from '@/features/events';
import type { EventPeople } from '../lib/people';
import { localeOf, moneyMinor } from '../lib/money';
import styles from './OperationForm.module.css';

function FamilyCheckbox({ checked, mixed, onChange, label }: { checked: boolean; mixed: boolean; onChange: (v: boolean) => void; label: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className={`${styles.pickRow} ${styles.wholeRow}`}>
      <input ref={ref} type="checkbox" checked={checked} aria-checked={mixed ? 'mixed' : checked} onChange={(e) => onChange(e.target.checked)} />
      <span className={styles.pickName}>{label}</span>
    </label>
  );
}

export interface PeoplePickerProps {
  legend: string;
  people: EventPeople;
  /** Who can be chosen (everyone, or everyone but me). */
  candidates: readonly number[];
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  /** Per-person explicit parts (split purchase and the like); absent hides the part fields. */
  parts?: {
    values: Record<number, string>;
    onChange: (uid: number, text: string) => void;
    currency: string;
    /** Each open person's equal part, shown as the field's placeholder. */
    equal: ReadonlyMap<number, number>;
    errors: Record<number, string | undefined>;
    /** What the fields hold: money (the default), or shares or percentages of the amount. */
    unit?: 'money' | 'shares' | 'percent';
    /** For shares and percentages: each person's resulting part in minor units, shown as they type. */
    resulting?: ReadonlyMap<number, number> | null;
  };
  error?: string | null;
  errorId?: string;
  /** The currency the participants' event balances are in, shown beside each name. */
  balances?: { currency: string; approximate: boolean };
}

/**
 * Who shares: everyone of the event grouped by family, a 'Whole family' row that adds or removes
 * a family at once, and, where the kind has them, a part field beside each chosen person.
 */
export function PeoplePicker({ legend, people, candidates, selected, onChange, parts, error, errorId, balances }: PeoplePickerProps) {
  const { t, i18n } = useTranslation('operations');
  const locale = localeOf(i18n.language);
  const chosen = new Set(selected);
  const allowed = new Set(candidates);
  // Candidates in family order; a family shows only the members this kind can choose.
  const groups = people.families.map((f) => ({ id: f.id, members: f.members.filter((uid) => allowed.has(uid)) })).filter((f) => f.members.length > 0);
  const grouped = new Set(groups.flatMap((g) => g.members));
  const loose = candidates.filter((uid) => !grouped.has(uid));
  if (loose.length > 0) groups.push({ id: -1, members: loose });

  const toggle = (uids: readonly number[], on: boolean) => {
    const set = new Set(selected);
    for (const uid of uids) {
      if (on) set.add(uid);
      else set.delete(uid);
    }
    // Keep the event's order so the request and the screen agree.
    onChange(candidates.filter((uid) => set.has(uid)));
  };
  const everyone = candidates.length > 0 && candidates.every((uid) => chosen.has(uid));

  return (
    <fieldset className={styles.picker} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>
        {legend}
        <label className={styles.everyone}>
          <input type="checkbox" checked={everyone} onChange={(e) => toggle(candidates, e.target.checked)} />
          {t('form.everyone')}
        </label>
      </legend>
      <div className={styles.families}>
        {groups.map((group) => {
          const on = group.members.filter((uid) => chosen.has(uid)).length;
          return (
            <div key={group.id} className={styles.family} data-testid="picker-family">
              {group.members.length > 1 && (
                <FamilyCheckbox
                  label={t('form.wholeFamily')}
                  checked={on === group.members.length}
                  mixed={on > 0 && on < group.members.length}
                  onChange={(v) => toggle(group.members, v)}
                />
              )}
              {group.members.map((uid) => {
                const person = people.byUid.get(uid);
                const name = people.name(uid);
                const isOn = chosen.has(uid);
                const equal = parts?.equal.get(uid);
                const partError = parts?.errors[uid];
                const weighted = parts?.unit === 'shares' || parts?.unit === 'percent';
                const resulting = weighted ? parts?.resulting?.get(uid) : undefined;
                return (
                  <div key={uid} className={styles.pickRow}>
                    <label className={styles.pickLabel}>
                      <input type="checkbox" checked={isOn} onChange={(e) => toggle([uid], e.target.checked)} />
                      <Avatar url={person?.avatar_url} name={person?.is_me ? person.full_name || name : name} size={32} />
                      <span className={styles.pickText}>
                        <span className={styles.pickName}>{name}</span>
                        {parts && isOn && !weighted && !(parts.values[uid] ?? '').trim() && equal !== undefined && (
                          <span className={styles.pickHint}>
                            {t('form.equalPart')} {moneyMinor(equal, parts.currency, locale, { code: false })}
                          </span>
                        )}
                        {parts && isOn && resulting !== undefined && (
                          <span className={`${styles.pickHint} ${styles.resulting}`} data-testid="resulting-part">
                            = {moneyMinor(resulting, parts.currency, locale)}
                          </span>
                        )}
                      </span>
                    </label>
                    {/* Outside the label, so the checkbox is named by the person alone; captioned, so
                        beside a part it does not read as another part. */}
                    {person && balances && !person.is_me && (
                      <span className={styles.pickBalance} data-testid="pick-balance">
                        <span className={styles.pickBalanceCaption}>{t('form.balanceCaption')}</span>{' '}
                        <BalanceMessage mode="show money" amount={person.balance} currency={balances.currency} approximate={balances.approximate} />
                      </span>
                    )}
                    {parts && isOn && weighted && (
                      <span className={styles.partBox}>
                        <span className={styles.weightBox}>
                          <input
                            className={`${formStyles.input} ${styles.partInput} ${styles.weightInput}`}
                            inputMode="decimal"
                            maxLength={8}
                            placeholder={parts.unit === 'shares' ? '1' : '0'}
                            value={parts.values[uid] ?? ''}
                            onChange={(e) => parts.onChange(uid, e.target.value)}
                            aria-label={t(parts.unit === 'shares' ? 'form.sharesLabel' : 'form.percentLabel', { name })}
                            aria-invalid={partError ? true : undefined}
                          />
                          {parts.unit === 'percent' && (
                            <span className={styles.weightUnit} aria-hidden="true">
                              %
                            </span>
                          )}
                        </span>
                        {partError && <span className={styles.partError}>{partError}</span>}
                      </span>
                    )}
                    {parts && isOn && !weighted && (
                      <span className={styles.partBox}>
                        <MoneyInput
                          className={styles.partInput}
                          currency={parts.currency}
                          value={parts.values[uid] ?? ''}
                          onValueChange={(text) => parts.onChange(uid, text)}
                          aria-label={t('form.partLabel', { name })}
                          invalid={!!partError}
                        />
                        {partError && <span className={styles.partError}>{partError}</span>}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
