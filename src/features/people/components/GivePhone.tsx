import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '@common/contract/people';
import { isErrorCode } from '@common/errors';
import { Button } from '@/components/Button';
import { PhoneInput } from '@/components/PhoneInput';
import { Spinner } from '@/components/Spinner';
import type { ApiError } from '@/lib/api-client';
import { givePhoneCall } from '../people-api';
import formStyles from '@/components/Form.module.css';
import styles from './People.module.css';

/**
 * For a person known by name alone in an event of mine (decision 0067): their phone, so that they
 * take the row, and its history, over when they sign up with it.
 */
export function GivePhone({ person, onGiven }: { person: Pick<Person, 'uid' | 'name'>; onGiven: () => unknown }) {
  const { t } = useTranslation('people');
  const [phone, setPhone] = useState('');
  const [valid, setValid] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) {
      setError(t('errors:phone_incorrect'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await givePhoneCall(person.uid, phone);
      await onGiven();
    } catch (err) {
      const code = (err as ApiError | undefined)?.code;
      setError(isErrorCode(code) && code !== 'internal' ? t(`errors:${code}`) : t('payback.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.notice} onSubmit={(e) => void submit(e)} noValidate data-testid="give-phone">
      <div className={`${formStyles.form} ${styles.givePhone}`}>
        <p>{t('person.nameOnly', { name: person.name })}</p>
        <PhoneInput
          label={t('person.givePhone')}
          value={phone}
          onChange={(next, ok) => {
            setPhone(next);
            setValid(ok);
            setError(null);
          }}
          error={error}
          disabled={sending}
        />
        <Button type="submit" disabled={sending} aria-busy={sending}>
          {sending && <Spinner size={16} decorative />}
          {t('person.givePhoneSubmit')}
        </Button>
      </div>
    </form>
  );
}
