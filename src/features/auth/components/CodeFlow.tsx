import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CodePurpose } from '@common/contract/auth';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import formStyles from '@/components/Form.module.css';
import { checkPhone, loadPhoneLib } from '@/components/phone-lib';
import { PhoneInput } from '@/components/PhoneInput';
import { Spinner } from '@/components/Spinner';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import { authErrorCleared, checkCode, requestCode, setPasswordWithCode } from '../auth-slice';
import { CODE_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { authErrorText } from './auth-errors';
import cardPage from '@/components/CardPage.module.css';
import styles from './Auth.module.css';

/** docs/decisions/0005-signup-resend-timer.md: a new code can be asked for 60 seconds after the last one. */
export const RESEND_SECONDS = 60;

type Step = 'phone' | 'code' | 'password';
type FieldError = 'required_field' | 'phone_incorrect' | 'code_too_short' | 'password_too_short';

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Sign-up and password restore share one flow (specification §2): the phone, then the SMS code
 * with a resend timer, then the password. The code is checked with the server when it is entered
 * (a wrong one stays on the code step with the server's message); it is used with the password,
 * and should it have expired meanwhile, that sends the user back to the code step too.
 */
export function CodeFlow({ purpose }: { purpose: CodePurpose }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const serverError = useAppSelector((s) => s.auth.error);
  const texts = purpose === 'signup' ? 'signUp' : 'restore';
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const [e164, setE164] = useState('');
  const [shownPhone, setShownPhone] = useState('');
  const [code, setCode] = useState('');
  // The code last sent for checking: the sixth digit submits it once, not again on every keystroke.
  const checked = useRef<string | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentAt, setSentAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [resent, setResent] = useState(false);

  const secondsLeft = Math.max(0, RESEND_SECONDS - Math.floor((now - sentAt) / 1000));
  useEffect(() => {
    if (step !== 'code' || secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step, secondsLeft]);

  const goTo = (next: Step) => {
    dispatch(authErrorCleared());
    setError(null);
    setStep(next);
  };

  const send = async (target: string, again: boolean) => {
    setBusy(true);
    dispatch(authErrorCleared());
    const result = await dispatch(requestCode({ purpose, phone: target }));
    setBusy(false);
    if (requestCode.rejected.match(result)) return;
    const at = Date.now();
    setSentAt(at);
    setNow(at);
    setResent(again);
    if (!again) {
      const lib = await loadPhoneLib();
      setShownPhone(lib.formatPhoneInternational(result.payload.phone));
      setCode('');
      checked.current = null;
      goTo('code');
    }
  };

  const submitPhone = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!phone.trim()) return setError('required_field');
    const normalised = await checkPhone(phone);
    if (!normalised) return setError('phone_incorrect');
    setError(null);
    setE164(normalised);
    await send(normalised, false);
  };

  const checkTyped = async (typed: string) => {
    if (busy) return;
    if (!typed) return setError('required_field');
    if (typed.length < CODE_LENGTH) return setError('code_too_short');
    checked.current = typed;
    setError(null);
    setBusy(true);
    // Checked now, so a mistyped code is said to be wrong here, not after the password is chosen.
    const result = await dispatch(checkCode({ purpose, phone: e164, code: typed }));
    setBusy(false);
    if (checkCode.fulfilled.match(result)) goTo('password');
    else setResent(false);
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    void checkTyped(code);
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) return setError('required_field');
    if (password.length < PASSWORD_MIN_LENGTH) return setError('password_too_short');
    setError(null);
    setBusy(true);
    const result = await dispatch(setPasswordWithCode({ purpose, phone: e164, code, password }));
    setBusy(false);
    // A wrong or expired code is fixed on the code step; the server's message stays with it.
    if (setPasswordWithCode.rejected.match(result) && ['code_invalid', 'code_too_short', 'too_many_code_attempts'].includes(result.payload?.code ?? '')) {
      setResent(false);
      setStep('code');
    }
  };

  const failure = authErrorText(t, serverError, step === 'password' ? (purpose === 'signup' ? 'signup_failed' : 'restore_failed') : 'code_send_failed');
  const fieldError = error && t(`errors:${error}`);
  const stepIndex = step === 'phone' ? 1 : step === 'code' ? 2 : 3;
  const submitButton = (label: string) => (
    <Button type="submit" block disabled={busy} aria-busy={busy}>
      {busy && <Spinner size={16} decorative />}
      {label}
    </Button>
  );
  const alert = failure && (
    <p className={formStyles.alert} role="alert">
      {failure}
    </p>
  );

  return (
    <div className={cardPage.page}>
      <section className={cardPage.card} aria-labelledby="code-flow-title">
        <ol className={styles.steps} aria-label={t('steps.label', { step: stepIndex })}>
          {[1, 2, 3].map((i) => (
            <li key={i} data-done={i <= stepIndex} />
          ))}
        </ol>
        <h1 id="code-flow-title" className={cardPage.title}>
          {t(`${texts}.title`)}
        </h1>

        {step === 'phone' && (
          <>
            <p className={cardPage.lead}>{t(`${texts}.phoneLead`)}</p>
            <form className={formStyles.form} onSubmit={(e) => void submitPhone(e)} noValidate>
              <PhoneInput
                label={t('fields.phone')}
                name="phone"
                value={phone}
                placeholder={t('fields.phonePlaceholder')}
                error={fieldError}
                onChange={(value, valid) => {
                  setPhone(value);
                  if (valid) setError(null);
                }}
              />
              {alert}
              {submitButton(t('code.send'))}
            </form>
          </>
        )}

        {step === 'code' && (
          <>
            <p className={cardPage.lead}>{t('code.lead', { phone: shownPhone })}</p>
            <form className={formStyles.form} onSubmit={submitCode} noValidate>
              <TextField
                label={t('fields.code')}
                name="code"
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CODE_LENGTH}
                autoFocus
                error={fieldError}
                onChange={(e) => {
                  const typed = e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
                  setCode(typed);
                  setError(null);
                  // The last digit needs no extra tap (a code pasted or filled from the SMS too).
                  if (typed.length === CODE_LENGTH && typed !== checked.current) void checkTyped(typed);
                }}
              />
              {alert}
              {submitButton(t('code.next'))}
              <div className={styles.inline}>
                {secondsLeft > 0 ? (
                  <span className={styles.timer} data-testid="resend-timer">
                    {t('code.resendIn', { time: clock(secondsLeft) })}
                  </span>
                ) : (
                  <button type="button" className={styles.linkButton} onClick={() => void send(e164, true)} disabled={busy}>
                    {t('code.resend')}
                  </button>
                )}
                <button type="button" className={styles.linkButton} onClick={() => goTo('phone')}>
                  {t('code.changePhone')}
                </button>
              </div>
              {resent && secondsLeft > 0 && (
                <p className={formStyles.hint} role="status">
                  {t('code.sent')}
                </p>
              )}
            </form>
          </>
        )}

        {step === 'password' && (
          <>
            <p className={cardPage.lead}>{t(`${texts}.passwordLead`)}</p>
            <form className={formStyles.form} onSubmit={(e) => void submitPassword(e)} noValidate>
              {/* Password managers save the new password under this phone; a hidden-type input is ignored by some. */}
              <input type="text" name="username" autoComplete="username" value={e164} readOnly tabIndex={-1} aria-hidden="true" className="visually-hidden" />
              <PasswordField
                label={t('fields.newPassword')}
                name="password"
                autoComplete="new-password"
                value={password}
                autoFocus
                error={fieldError}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
              />
              {alert}
              {submitButton(t(`${texts}.submit`))}
            </form>
          </>
        )}

        <div className={styles.links}>
          <Link to="/signin">{t(`${texts}.toSignIn`)}</Link>
        </div>
      </section>
    </div>
  );
}
