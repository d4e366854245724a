import { useTranslation } from 'react-i18next';
import { fullName } from '@common/names';
import formStyles from '@/components/Form.module.css';
import { TextField } from '@/components/TextField';
import { CurrencySelect } from '@/features/currencies';
import { AvatarField } from './AvatarField';
import type { ProfileDraft, ProfileErrors } from './profile-form';

export interface ProfileFieldsProps {
  draft: ProfileDraft;
  onChange: (draft: ProfileDraft) => void;
  errors: ProfileErrors;
}

/** Avatar, names, gender and currency: the same fields on profile completion and in settings. */
export function ProfileFields({ draft, onChange, errors }: ProfileFieldsProps) {
  const { t } = useTranslation('profile');
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => onChange({ ...draft, [key]: value });
  const message = (key: keyof ProfileErrors) => (errors[key] ? t(`errors:${errors[key]}`) : null);
  return (
    <>
      <p className={formStyles.mandatoryNote}>{t('fields.mandatoryNote')}</p>
      <AvatarField value={draft.avatar} onChange={(v) => set('avatar', v)} name={fullName(draft.first, draft.last)} error={message('avatar')} />
      <div className={formStyles.row}>
        <TextField
          label={t('fields.firstName')}
          name="first_name"
          mandatory
          autoComplete="given-name"
          value={draft.first}
          maxLength={100}
          error={message('first')}
          onChange={(e) => set('first', e.target.value)}
        />
        <TextField
          label={t('fields.lastName')}
          name="last_name"
          mandatory
          autoComplete="family-name"
          value={draft.last}
          maxLength={100}
          error={message('last')}
          onChange={(e) => set('last', e.target.value)}
        />
      </div>
      <div className={formStyles.row}>
        <fieldset className={formStyles.fieldset} role="radiogroup" aria-required aria-describedby={errors.gender ? 'gender-error' : undefined}>
          <legend className={formStyles.label} data-mandatory>
            {t('fields.gender')}
          </legend>
          <div className={formStyles.radios}>
            {(['M', 'F'] as const).map((g) => (
              <label key={g} className={formStyles.check}>
                <input type="radio" name="gender" value={g} checked={draft.gender === g} onChange={() => set('gender', g)} />
                {t(g === 'M' ? 'fields.male' : 'fields.female')}
              </label>
            ))}
          </div>
          {errors.gender && (
            <p id="gender-error" className={formStyles.error}>
              {message('gender')}
            </p>
          )}
        </fieldset>
        <CurrencySelect label={t('fields.currency')} value={draft.currency} onChange={(c) => set('currency', c)} error={message('currency')} />
      </div>
    </>
  );
}
