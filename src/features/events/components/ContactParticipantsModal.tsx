import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import formStyles from '@/components/Form.module.css';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { ContactChecklist } from '@/features/contacts';

/**
 * The "add user-contact participants" modal (specification §2): my contact book as a checkbox
 * list, everyone not in the event yet, so several people join at once; the add-friend form stays
 * for one new person by phone. Says 'all participants added' when nobody is left.
 */
export function ContactParticipantsModal({
  taken,
  busy,
  onAdd,
  onClose,
}: {
  /** Who is in the event already. */
  taken: readonly number[];
  busy: boolean;
  onAdd: (uids: number[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('events');
  const contacts = useAppSelector((s) => s.contacts.items);
  const candidates = contacts.filter((c) => !c.is_me && !taken.includes(c.uid));
  const [picked, setPicked] = useState<number[]>([]);
  const toggle = (uid: number) => setPicked((old) => (old.includes(uid) ? old.filter((u) => u !== uid) : [...old, uid]));

  return (
    <Modal
      title={t('participants.fromContactsTitle')}
      onClose={onClose}
      closable={!busy}
      size="md"
      testId="contact-participants"
      footer={
        <>
          <Button scheme="gray" onClick={onClose} disabled={busy}>
            {t('picker.cancel')}
          </Button>
          <Button onClick={() => onAdd(picked)} disabled={busy || picked.length === 0} aria-busy={busy} data-testid="contact-participants-add">
            {busy && <Spinner size={16} decorative />}
            {t('picker.add')}
          </Button>
        </>
      }
    >
      {candidates.length === 0 ? (
        <p className={formStyles.hint}>{t('picker.allAdded')}</p>
      ) : (
        <ContactChecklist
          contacts={candidates}
          picked={picked}
          onToggle={toggle}
          label={t('participants.fromContactsTitle')}
          countText={t('picker.selected', { count: picked.length })}
          testIdPrefix="contact-participant"
        />
      )}
    </Modal>
  );
}
