import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './Form.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** Shown under the field and announced with it; the field is marked invalid while it is set. */
  error?: string | null;
  hint?: ReactNode;
  /** A control inside the field at its end (a show-password button). */
  end?: ReactNode;
  /** Marked in the label before any error says so (the form itself checks it). */
  mandatory?: boolean;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A labelled input with its message; the label, hint and error are wired to the input for screen readers. */
export function TextField({ label, error, hint, end, mandatory, id, className, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const input = (
    <input
      ref={ref}
      id={inputId}
      className={styles.input}
      aria-invalid={error ? true : undefined}
      aria-required={mandatory || undefined}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      {...rest}
    />
  );
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId} data-mandatory={mandatory || undefined}>
        {label}
      </label>
      {end ? (
        <span className={styles.withEnd}>
          {input}
          {end}
        </span>
      ) : (
        input
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
