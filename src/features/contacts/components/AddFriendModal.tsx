import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@common/contract/contacts';
import type { UserSearchResponse } from '@common/contract/people';
import { fullName, splitFullName } from '@common/names';
import { useAppDispatch } from '@/app/hooks';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { PhoneInput } from '@/components/PhoneInput';
import { checkPhone, loadPhoneLib, phoneLibIfLoaded, type PhoneLib } from '@/components/phone-lib';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { isAborted, toApiError, type ApiError } from '@/lib/api-client';
import { SEARCH_DEBOUNCE_MS } from '@/lib/search-timing';
import { searchUser } from '../contacts-api';
import { addContact } from '../contacts-slice';
import { apiErrorText } from '../errors';
import styles from './Contacts.module.css';

type Search =
  | { state: 'idle' }
  | { state: 'searching'; text: string }
  | { state: 'found'; text: string; result: UserSearchResponse }
  /** Specification §4's load state for a phone nobody has an account with. */
  | { state: 'unregistered'; text: string; result: UserSearchResponse }
  | { state: 'failed'; text: string; error: ApiError };

export interface AddFriendModalProps {
  onClose(): void;
  onAdded?(contact: Contact): void;
  /** A phone to start from (what was typed in a search). */
  initialPhone?: string;
  /** A name to start from, split into first and last name at the first space. */
  initialName?: string;
}

/**
 * The add-friend modal (specification §2 'Other modals', §5): a phone search that runs once the
 * digits look like a whole phone number, the person found (registered, already in my contacts, or
 * nobody yet), first and last name required, and Add refused for someone already in my contacts
 * or a registered person without a full name.
 */
export function AddFriendModal({ onClose, onAdded, initialPhone = '', initialName = '' }: AddFriendModalProps) {
  const { t } = useTranslation('contacts');
  const dispatch = useAppDispatch();
  const [phone, setPhone] = useState(initialPhone);
  const [first, setFirst] = useState(() => splitFullName(initialName).first);
  const [last, setLast] = useState(() => splitFullName(initialName).last);
  const [errors, setErrors] = useState<{ phone?: string; first?: string; last?: string; form?: string }>({});
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const offered = useRef({ first: '', last: '' });
  const [busy, setBusy] = useState(false);
  const [lib, setLib] = useState<PhoneLib | null>(phoneLibIfLoaded);
  useEffect(() => {
    if (!lib) void loadPhoneLib().then(setLib);
  }, [lib]);

  // The number itself, however it is written: the field rewrites '916 123-45-67' as
  // '+7 916 123 45 67' when left, and that must not start the search again (the person shown
  // would blink out, and the form shift, under a pointer on its way to Add).
  const text = lib ? (lib.normalizePhone(phone) ?? lib.keepPhoneChars(phone)) : phone.trim();
  const digits = lib?.phoneSearchDigits(text) ?? null;
  useEffect(() => {
    if (digits === null) {
      setSearch({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ state: 'searching', text });
      searchUser(text, true, controller.signal).then(
        (result) => {
          setSearch({ state: result.status === 'unregistered' ? 'unregistered' : 'found', text, result });
          // A registered person's own name is what they would be called. It fills the fields the
          // user has not typed in: empty ones, or ones still holding an earlier search's name.
          if (result.status === 'registered' && result.full_name) {
            const names = splitFullName(result.full_name);
            const before = offered.current;
            setFirst((f) => (!f || f === before.first ? names.first : f));
            setLast((l) => (!l || l === before.last ? names.last : l));
            offered.current = names;
          }
        },
        (err: unknown) => {
          const error = toApiError(err);
          if (!isAborted(error)) setSearch({ state: 'failed', text, error });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [digits, text]);

  const result = (search.state === 'found' || search.state === 'unregistered') && search.text === text ? search.result : null;
  const alreadyAdded = result !== null && result.status !== 'unregistered' && result.is_contact_exists;
  const nameless = result?.status === 'registered' && !result.full_name.trim();
  const searchError = search.state === 'failed' && search.text === text ? search.error : null;
  const phoneError = errors.phone ?? (searchError?.code === 'phone_incorrect' ? t('addFriend.phoneIncorrect') : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The modal sits in a portal, but React still bubbles its submit to an enclosing form (create event).
    e.stopPropagation();
    if (busy || alreadyAdded || nameless) return;
    const next: typeof errors = {};
    if (!first.trim()) next.first = t('addFriend.firstNameRequired');
    if (!last.trim()) next.last = t('addFriend.lastNameRequired');
    const e164 = result?.phone ?? (digits === null ? null : await checkPhone(phone));
    if (!e164) next.phone = t('addFriend.phoneIncorrect');
    setErrors(next);
    if (Object.keys(next).length > 0 || !e164) return;
    setBusy(true);
    const action = await dispatch(addContact({ name: fullName(first, last), phone: e164 }));
    if (addContact.fulfilled.match(action)) {
      const added = action.payload.find((c) => c.phone === e164);
      if (added) onAdded?.(added);
      onClose();
      return;
    }
    const error = action.payload ?? toApiError(action.error);
    setErrors(error.code === 'phone_incorrect' ? { phone: t('addFriend.phoneIncorrect') } : { form: apiErrorText(t, error) });
    setBusy(false);
  };

  return (
    <Modal title={t('addFriend.title')} onClose={onClose} size="sm" testId="add-friend">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-search={search.state}>
        <p className={styles.note}>{t('addFriend.note')}</p>
        <PhoneInput
          label={t('addFriend.phone')}
          value={phone}
          onChange={(value) => {
            setPhone(value);
            setErrors((old) => ({ ...old, phone: undefined, form: undefined }));
          }}
          error={phoneError}
          name="phone"
          autoComplete="off"
        />
        <div className={styles.found} aria-live="polite" data-testid="add-friend-found">
          {search.state === 'searching' && search.text === text && (
            <span className={styles.note}>
              <Spinner size={16} decorative /> {t('addFriend.searching')}
            </span>
          )}
          {searchError && searchError.code !== 'phone_incorrect' && (
            <p role="alert" className={styles.error}>
              {apiErrorText(t, searchError)}
            </p>
          )}
          {result?.status === 'unregistered' && <p className={styles.note}>{t('addFriend.unregistered')}</p>}
          {result && result.status !== 'unregistered' && (
            <div className={styles.person} data-testid="add-friend-person">
              <Avatar url={result.avatar_url} name={result.name} size={40} />
              <div className={styles.personText}>
                <span className={styles.personName}>{result.name}</span>
                <span className={styles.note}>
                  {alreadyAdded ? t('addFriend.alreadyAdded') : nameless ? t('addFriend.noFullName') : t('addFriend.registered')}
                </span>
              </div>
            </div>
          )}
        </div>
        <TextField
          label={t('addFriend.firstName')}
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          error={errors.first}
          name="first_name"
          autoComplete="off"
          mandatory
        />
        <TextField
          label={t('addFriend.lastName')}
          value={last}
          onChange={(e) => setLast(e.target.value)}
          error={errors.last}
          hint={t('addFriend.namesWhy')}
          name="last_name"
          autoComplete="off"
          mandatory
        />
        {errors.form && (
          <p role="alert" className={styles.error}>
            {errors.form}
          </p>
        )}
        <div className={styles.actions}>
          <Button scheme="gray" onClick={onClose}>
            {t('addFriend.cancel')}
          </Button>
          <Button type="submit" disabled={busy || alreadyAdded || nameless} aria-busy={busy} data-testid="add-friend-submit">
            {busy && <Spinner size={16} decorative />}
            {t('addFriend.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
