import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@common/contract/contacts';
import { fullName, splitFullName } from '@common/names';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { PhoneInput } from '@/components/PhoneInput';
import { checkPhone } from '@/components/phone-lib';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { toApiError } from '@/lib/api-client';
import { eventsApi } from '../events-api';
import { errorMessage } from './ErrorText';
import styles from './ParticipantPicker.module.css';

/**
 * 'Do you want to add a new participant?' → yes. A minimal add-by-phone form (POST
 * /user/contacts/) until the people feature's add-friend modal with its phone search lands; the
 * picker then opens that instead. Rules of specification §5: first and last name required, a
 * possible phone, and a person already in the contacts is not added twice.
 */
export function AddFriendForm({
  initial,
  contacts,
  onClose,
  onAdded,
}: {
  /** What was typed in the search: a phone fills the phone field, anything else the names. */
  initial: string;
  contacts: readonly Contact[];
  onClose: () => void;
  onAdded: (contacts: Contact[], phone: string) => void;
}) {
  const { t } = useTranslation('events');
  const looksLikePhone = /^[\d\s()+\-.]+$/.test(initial.trim());
  const names = looksLikePhone ? { first: '', last: '' } : splitFullName(initial);
  const [phone, setPhone] = useState(looksLikePhone ? initial.trim() : '');
  const [first, setFirst] = useState(names.first);
  const [last, setLast] = useState(names.last);
  const [errors, setErrors] = useState<{ phone?: string; first?: string; last?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The form sits in a portal, but React still bubbles its submit to an enclosing form (create event).
    e.stopPropagation();
    if (busy) return;
    const next: typeof errors = {};
    if (!first.trim()) next.first = t('addFriend.firstNameRequired');
    if (!last.trim()) next.last = t('addFriend.lastNameRequired');
    const e164 = await checkPhone(phone);
    if (!e164) next.phone = t('addFriend.phoneIncorrect');
    else if (contacts.some((c) => c.phone === e164)) next.form = t('errors:contact_exists');
    setErrors(next);
    if (Object.keys(next).length > 0 || !e164) return;
    setBusy(true);
    try {
      const list = await eventsApi.addContact(fullName(first, last), e164);
      onAdded(list, e164);
    } catch (err) {
      const error = toApiError(err);
      setErrors(error.field === 'phone' ? { phone: t('addFriend.phoneIncorrect') } : { form: errorMessage(t, error, t('picker.loadError')) });
      setBusy(false);
    }
  };

  return (
    <Modal title={t('addFriend.title')} onClose={onClose} size="sm" testId="add-friend">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.note}>{t('addFriend.note')}</p>
        <PhoneInput label={t('addFriend.phone')} value={phone} onChange={(value) => setPhone(value)} error={errors.phone} name="phone" />
        <TextField label={t('addFriend.firstName')} value={first} onChange={(e) => setFirst(e.target.value)} error={errors.first} name="first_name" autoComplete="off" />
        <TextField label={t('addFriend.lastName')} value={last} onChange={(e) => setLast(e.target.value)} error={errors.last} name="last_name" autoComplete="off" />
        {errors.form && (
          <p role="alert" className={styles.error}>
            {errors.form}
          </p>
        )}
        <div className={styles.actions}>
          <Button scheme="gray" onClick={onClose}>
            {t('addFriend.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="add-friend-submit">
            {busy && <Spinner size={16} />}
            {t('addFriend.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
