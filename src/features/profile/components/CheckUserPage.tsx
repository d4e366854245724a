import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import formStyles from '@/components/Form.module.css';
import { Spinner } from '@/components/Spinner';
import { logout } from '@/features/auth';
import { returnPath } from '@/lib/storage';
import { draftOf, validateDraft, type ProfileDraft } from './profile-form';
import { ProfileFields } from './ProfileFields';
import cardPage from '@/components/CardPage.module.css';
import styles from './Profile.module.css';
import { useSaveProfile } from './use-save-profile';

/**
 * 'Complete your profile' (specification §2): avatar, names, currency and gender, then Save goes
 * to /events; Exit logs out. Messages show after the first Save and then follow every change.
 */
export default function CheckUserPage() {
  const user = useAppSelector((s) => s.profile.user);
  if (!user) return null;
  return <CheckUserForm initial={draftOf(user)} />;
}

function CheckUserForm({ initial }: { initial: ProfileDraft }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useSaveProfile();
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = submitted ? validateDraft(draft, { requireAvatar: true }) : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (Object.keys(validateDraft(draft, { requireAvatar: true })).length > 0) return;
    setBusy(true);
    const saved = await save(draft);
    setBusy(false);
    if (saved) navigate(returnPath.peek() ?? '/events', { replace: true });
  };

  return (
    <div className={cardPage.page}>
      <section className={`${cardPage.card} ${styles.card}`} aria-labelledby="checkuser-title">
        <h1 id="checkuser-title" className={cardPage.title}>
          {t('complete.title')}
        </h1>
        <p className={cardPage.lead}>{t('complete.lead')}</p>
        <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
          <ProfileFields draft={draft} onChange={setDraft} errors={errors} />
          <div className={styles.actions}>
            <Button scheme="gray" onClick={() => void dispatch(logout())} disabled={busy}>
              {t('complete.exit')}
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy && <Spinner size={16} decorative />}
              {t('complete.save')}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
