import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@common/contract/contacts';
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
 * take the row, and its history, over when they sign up with it. When someone has the phone
 * already, it asks whether the person is that someone, and merges them on a yes (decision 0070).
 */
export function GivePhone({
  person,
  onGiven,
  onMerged,
}: {
  person: Pick<Person, 'uid' | 'name'>;
  onGiven: () => unknown;
  onMerged: (into: Contact) => unknown;
}) {
  const { t } = useTranslation('people');
  const [phone, setPhone] = useState('');
  const [valid, setValid] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The phone is someone's: the question whether this person is them is on screen.
  const [asking, setAsking] = useState(false);

  const send = async (merge: boolean) => {
    setSending(true);
    setError(null);
    try {
      const answer = await givePhoneCall(person.uid, phone, merge);
      // Others know the person too: the phone went to a new person, whom the caller's events now name.
      await (merge || answer.uid !== person.uid ? onMerged(answer) : onGiven());
    } catch (err) {
      const code = (err as ApiError | undefined)?.code;
      if (code === 'phone_in_use' && !merge) setAsking(true);
      else setError(isErrorCode(code) && code !== 'internal' ? t(`errors:${code}`) : t('payback.failed'));
      if (merge) setAsking(false);
    } finally {
      setSending(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) {
      setError(t('errors:phone_incorrect'));
      return;
    }
    void send(false);
  };

  return (
    <form className={styles.notice} onSubmit={submit} noValidate data-testid="give-phone">
      <div className={`${formStyles.form} ${styles.givePhone}`}>
        <p>{t('person.nameOnly', { name: person.name })}</p>
        <PhoneInput
          label={t('person.givePhone')}
          value={phone}
          onChange={(next, ok) => {
            setPhone(next);
            setValid(ok);
            setError(null);
            setAsking(false);
          }}
          error={error}
          disabled={sending}
        />
        {asking ? (
          <div className={styles.mergeAsk} role="alert" data-testid="merge-ask">
            <p>{t('person.mergeAsk', { name: person.name })}</p>
            <div className={styles.mergeActions}>
              <Button type="button" onClick={() => void send(true)} disabled={sending} aria-busy={sending} data-testid="merge-confirm">
                {sending && <Spinner size={16} decorative />}
                {t('person.mergeConfirm')}
              </Button>
              <Button type="button" scheme="gray" onClick={() => setAsking(false)} disabled={sending}>
                {t('common:actions.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button type="submit" disabled={sending} aria-busy={sending}>
            {sending && <Spinner size={16} decorative />}
            {t('person.givePhoneSubmit')}
          </Button>
        )}
      </div>
    </form>
  );
}
