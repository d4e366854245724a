import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@common/contract/contacts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import type { ApiError } from '@/lib/api-client';
import { deleteContact, fetchContacts } from '../contacts-slice';
import { apiErrorText } from '../errors';
import { AddFriendModal } from './AddFriendModal';
import styles from './Contacts.module.css';
import { PersonRow } from './PersonRow';
import { notLoaded } from '@/lib/load-status';

/**
 * The user-contact participants list (specification §2 'Other modals'): me first, labelled 'me',
 * then each contact with avatar, name and phone. Deleting asks first and shows a spinner while it
 * runs; the user cannot delete himself, so the 'me' row has no delete button. Registered in the
 * app's ModalRoot as 'contacts'.
 */
export default function ContactBookModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const dispatch = useAppDispatch();
  const items = useAppSelector((s) => s.contacts.items);
  const status = useAppSelector((s) => s.contacts.status);
  const loadError = useAppSelector((s) => s.contacts.error);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);

  useEffect(() => {
    if (notLoaded(status)) void dispatch(fetchContacts());
  }, [status, dispatch]);

  // The server lists me first already; sorting keeps that true for a list stored from elsewhere.
  const people = [...items].sort((a, b) => Number(b.is_me) - Number(a.is_me));

  const remove = async (person: Contact) => {
    setFailure(null);
    const action = await dispatch(deleteContact(person.phone));
    if (deleteContact.rejected.match(action)) setFailure(action.payload ?? { code: 'internal', message: '', status: 0 });
  };

  return (
    <Modal
      title={t('book.title')}
      onClose={onClose}
      size="md"
      testId="contact-book"
      footer={
        <>
          <Button scheme="gray" onClick={onClose}>
            {t('book.close')}
          </Button>
          <Button onClick={() => setAdding(true)} data-testid="contact-book-add">
            {t('book.add')}
          </Button>
        </>
      }
    >
      {status === 'loading' && items.length === 0 && <Spinner size={24} />}
      {status === 'error' && items.length === 0 && (
        <p role="alert" className={styles.error}>
          {loadError ? apiErrorText(t, loadError) : t('networkError')}{' '}
          <Button scheme="gray" onClick={() => void dispatch(fetchContacts())}>
            {t('common:actions.retry')}
          </Button>
        </p>
      )}
      {failure && (
        <p role="alert" className={styles.error}>
          {apiErrorText(t, failure)}
        </p>
      )}
      {people.length > 0 && (
        <ul className={styles.list} aria-label={t('book.title')} data-testid="contact-book-list">
          {people.map((c) => (
            <PersonRow
              key={c.uid}
              person={c.is_me ? { ...c, name: c.full_name || t('book.meBadge') } : c}
              badge={c.is_me ? t('book.meBadge') : undefined}
              testId={`contact-${c.uid}`}
            >
              {!c.is_me && (
                <Button scheme="gray" onClick={() => setDeleting(c)} aria-label={t('book.deleteLabel', { name: c.name })}>
                  {t('book.delete')}
                </Button>
              )}
            </PersonRow>
          ))}
        </ul>
      )}
      {status === 'success' && people.filter((c) => !c.is_me).length === 0 && <p className={styles.note}>{t('book.empty')}</p>}
      {adding && <AddFriendModal onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmDialog
          title={t('book.deleteTitle')}
          text={t('book.deleteConfirm', { name: deleting.name })}
          confirmLabel={t('book.delete')}
          scheme="danger"
          onSubmit={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Modal>
  );
}
