import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneInternational } from '@common/phone';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import formStyles from '@/components/Form.module.css';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import type { ApiError } from '@/lib/api-client';
import { deleteAccount } from '../profile-slice';
import { AccountDataSection } from './AccountDataSection';
import { ChangePasswordForm } from './ChangePasswordForm';
import { FamilySection } from './FamilySection';
import { draftOf, validateDraft, type ProfileDraft } from './profile-form';
import { ProfileFields } from './ProfileFields';
import styles from './Profile.module.css';
import { useSaveProfile } from './use-save-profile';

const FORM_ID = 'settings-profile-form';

/**
 * Settings (specification §2): phone, avatar, names, gender, currency, password change, family,
 * close, save and delete account. Registered in the app's ModalRoot as 'settings'.
 */
export default function SettingsModal({ onClose }: { onClose: () => void }) {
  const user = useAppSelector((s) => s.profile.user);
  if (!user) return null;
  return <SettingsForm initial={draftOf(user)} phone={user.phone} onClose={onClose} />;
}

function SettingsForm({ initial, phone, onClose }: { initial: ProfileDraft; phone: string; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const loading = useAppSelector((s) => s.profile.status === 'loading');
  const user = useAppSelector((s) => s.profile.user);
  const save = useSaveProfile();
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<ApiError | null>(null);
  const errors = submitted ? validateDraft(draft, { requireAvatar: false }) : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    setSubmitted(true);
    if (Object.keys(validateDraft(draft, { requireAvatar: false })).length > 0) return;
    if (await save(draft)) onClose();
  };

  const remove = async () => {
    setDeleteFailure(null);
    const result = await dispatch(deleteAccount());
    if (deleteAccount.rejected.match(result) && result.payload) setDeleteFailure(result.payload);
  };

  return (
    <Modal
      title={t('settings.title')}
      onClose={onClose}
      size="lg"
      initialFocus="dialog"
      testId="settings-modal"
      footer={
        <>
          <Button scheme="gray" onClick={onClose}>
            {t('settings.close')}
          </Button>
          <Button type="submit" form={FORM_ID} disabled={loading} aria-busy={loading}>
            {loading && <Spinner size={16} decorative />}
            {t('settings.save')}
          </Button>
        </>
      }
    >
      <div className={styles.settingsBody}>
        {loading && (
          <div className={styles.busy}>
            <Spinner size={32} />
          </div>
        )}
        <section className={styles.section}>
          <form id={FORM_ID} className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
            <TextField label={t('fields.phone')} value={formatPhoneInternational(phone)} readOnly name="phone" />
            <ProfileFields draft={draft} onChange={setDraft} errors={errors} />
          </form>
        </section>
        <section className={styles.section}>
          <ChangePasswordForm />
        </section>
        {user && <FamilySection user={user} className={styles.section} />}
        <AccountDataSection className={styles.section} />
        <section className={`${styles.section} ${styles.dangerZone}`}>
          <Button scheme="danger" onClick={() => setConfirming(true)}>
            {t('settings.delete')}
          </Button>
          {deleteFailure && (
            <p className={formStyles.error} role="alert">
              {t(`errors:${deleteFailure.code === 'network' ? 'internal' : deleteFailure.code}`)}
            </p>
          )}
        </section>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('settings.deleteTitle')}
          text={t('settings.deleteConfirm')}
          confirmLabel={t('settings.delete')}
          scheme="danger"
          onSubmit={remove}
          onClose={() => setConfirming(false)}
        />
      )}
    </Modal>
  );
}
