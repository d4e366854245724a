import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import formStyles from '@/components/Form.module.css';
import { Spinner } from '@/components/Spinner';
import { PasswordField } from '@/components/PasswordField';
import { PASSWORD_MIN_LENGTH } from '@/features/auth';
import type { ApiError } from '@/lib/api-client';
import { changePassword } from '../profile-slice';

/**
 * Specification §4–§5: both passwords required ('Required field'), the new one at least 5
 * characters ('Password is too short'); the button waits for both. One submit at a time; success
 * clears the fields, a failure shows inline and the form can be sent again.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ old: false, next: false });
  const [tooShort, setTooShort] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !oldPassword || !password) return;
    setDone(false);
    setFailure(null);
    if (password.length < PASSWORD_MIN_LENGTH) return setTooShort(true);
    setBusy(true);
    try {
      await changePassword(oldPassword, password);
      setOldPassword('');
      setPassword('');
      setTouched({ old: false, next: false });
      setDone(true);
    } catch (err) {
      const error = err as ApiError;
      if (error.code !== 'aborted') setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const oldError =
    touched.old && !oldPassword ? t('errors:required_field') : failure?.code === 'old_password_incorrect' ? t('errors:old_password_incorrect') : null;
  const newError =
    touched.next && !password ? t('errors:required_field') : tooShort || failure?.code === 'password_too_short' ? t('errors:password_too_short') : null;
  const otherFailure = failure && failure.code !== 'old_password_incorrect' && failure.code !== 'password_too_short' ? failure : null;

  return (
    <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="change-password-title" data-testid="change-password">
      <h3 id="change-password-title">{t('password.title')}</h3>
      <div className={formStyles.row}>
        <PasswordField
          label={t('password.old')}
          name="old_password"
          autoComplete="current-password"
          value={oldPassword}
          error={oldError}
          onChange={(e) => {
            setOldPassword(e.target.value);
            if (failure?.code === 'old_password_incorrect') setFailure(null);
            setDone(false);
          }}
          onBlur={() => setTouched((s) => ({ ...s, old: true }))}
        />
        <PasswordField
          label={t('password.new')}
          name="new_password"
          autoComplete="new-password"
          value={password}
          error={newError}
          onChange={(e) => {
            setPassword(e.target.value);
            if (e.target.value.length >= PASSWORD_MIN_LENGTH) setTooShort(false);
            if (failure?.code === 'password_too_short') setFailure(null);
            setDone(false);
          }}
          onBlur={() => {
            setTouched((s) => ({ ...s, next: true }));
            if (password && password.length < PASSWORD_MIN_LENGTH) setTooShort(true);
          }}
        />
      </div>
      {otherFailure && (
        <p className={formStyles.alert} role="alert">
          {t(`errors:${otherFailure.code === 'network' ? 'internal' : otherFailure.code}`)}
        </p>
      )}
      {done && (
        <p className={formStyles.success} role="status">
          {t('password.changed')}
        </p>
      )}
      <div className={formStyles.actions}>
        <Button type="submit" scheme="gray" disabled={busy || !oldPassword || !password} aria-busy={busy}>
          {busy && <Spinner size={16} decorative />}
          {t('password.submit')}
        </Button>
      </div>
    </form>
  );
}
