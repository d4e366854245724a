import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Spinner.module.css';

/**
 * A busy indicator, announced as the loading status. Inside a button it is decorative: the
 * button's aria-busy says it, and the button keeps its name.
 */
export function Spinner({ size = 20, label, className, decorative = false }: { size?: number; label?: string; className?: string; decorative?: boolean }) {
  const { t } = useTranslation();
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label ?? t('actions.loading') };
  return <span className={[styles.spinner, className].filter(Boolean).join(' ')} style={{ '--spinner-size': `${size}px` } as CSSProperties} {...a11y} />;
}
