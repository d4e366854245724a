import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

/** The specification's three schemes: blue (primary), gray (secondary), danger (destructive). */
export type ButtonScheme = 'blue' | 'gray' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  scheme?: ButtonScheme;
  block?: boolean;
}

export function Button({ scheme = 'blue', block = false, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, styles[scheme], block ? styles.block : '', className ?? ''].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
