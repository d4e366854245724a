import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Form.module.css';
import { TextField, type TextFieldProps } from './TextField';

/**
 * A password field with a button that shows what was typed: on a phone keyboard a slip is easy
 * and the dots hide it. The button is pressed or not (aria-pressed) and keeps its place.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      end={
        <button
          type="button"
          className={styles.endButton}
          aria-pressed={shown}
          aria-label={t('password.show')}
          title={t(shown ? 'password.hide' : 'password.show')}
          onClick={() => setShown((v) => !v)}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M2 10s3-5.5 8-5.5S18 10 18 10s-3 5.5-8 5.5S2 10 2 10z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
            <circle cx="10" cy="10" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            {shown && <path d="M3.5 3.5l13 13" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}
