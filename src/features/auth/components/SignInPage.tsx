import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import formStyles from '@/components/Form.module.css';
import { checkPhone } from '@/components/phone-lib';
import { PhoneInput } from '@/components/PhoneInput';
import { Spinner } from '@/components/Spinner';
import { PasswordField } from '@/components/PasswordField';
import { authErrorCleared, login } from '../auth-slice';
import { authErrorText } from './auth-errors';
import cardPage from '@/components/CardPage.module.css';
import styles from './Auth.module.css';

type FieldErrors = Partial<Record<'phone' | 'password', 'required_field' | 'phone_incorrect'>>;

export default function SignInPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const serverError = useAppSelector((s) => s.auth.error);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    dispatch(authErrorCleared());
    const next: FieldErrors = {};
    const e164 = phone.trim() ? await checkPhone(phone) : null;
    if (!phone.trim()) next.phone = 'required_field';
    else if (!e164) next.phone = 'phone_incorrect';
    if (!password) next.password = 'required_field';
    setErrors(next);
    if (Object.keys(next).length > 0 || !e164) return;
    setBusy(true);
    await dispatch(login({ phone: e164, password, remember }));
    setBusy(false);
  };

  const alert = authErrorText(t, serverError, 'internal');
  return (
    <div className={cardPage.page}>
      <section className={cardPage.card} aria-labelledby="signin-title">
        <h1 id="signin-title" className={cardPage.title}>
          {t('signIn.title')}
        </h1>
        <p className={cardPage.lead}>{t('signIn.lead')}</p>
        <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
          <PhoneInput
            label={t('fields.phone')}
            name="phone"
            value={phone}
            placeholder={t('fields.phonePlaceholder')}
            autoComplete="username"
            error={errors.phone && t(`errors:${errors.phone}`)}
            onChange={(value, valid) => {
              setPhone(value);
              if (valid && errors.phone) setErrors((prev) => ({ ...prev, phone: undefined }));
            }}
          />
          <PasswordField
            label={t('fields.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            error={errors.password && t(`errors:${errors.password}`)}
            onChange={(e) => setPassword(e.target.value)}
          />
          <label className={formStyles.check}>
            <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('signIn.remember')}
          </label>
          {alert && (
            <p className={formStyles.alert} role="alert">
              {alert}
            </p>
          )}
          <Button type="submit" block disabled={busy} aria-busy={busy}>
            {busy && <Spinner size={16} decorative />}
            {t('signIn.submit')}
          </Button>
        </form>
        <div className={styles.links}>
          <Link to="/restore_password">{t('signIn.forgot')}</Link>
          <Link to="/signup">{t('signIn.toSignUp')}</Link>
        </div>
      </section>
    </div>
  );
}
