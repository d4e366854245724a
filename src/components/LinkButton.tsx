import type { ButtonHTMLAttributes } from 'react';
import styles from './LinkButton.module.css';

/** A text button for secondary actions; `type="button"` unless told, so it never submits a form by accident. */
export function LinkButton({ className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={className ? `${styles.link} ${className}` : styles.link} {...rest} />;
}
