import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styles from './Modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How many modals are open, so the page behind stays still until the last one closes. */
let openCount = 0;

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** False while something must finish first (a confirm dialog's submit): Escape and the close button do nothing. */
  closable?: boolean;
  /**
   * Where focus goes first: a selector inside the dialog, or 'dialog' for the dialog itself (a
   * long form, where focusing a field would open the phone's keyboard). Defaults to the first
   * focusable element after the close button.
   */
  initialFocus?: string;
  testId?: string;
}

/**
 * A dialog over the page: focus stays inside while it is open, Escape closes it, and focus goes
 * back to whatever opened it. Rendered into <body> so a modal opened from another stacks on top.
 */
export function Modal({ title, onClose, children, footer, size = 'md', closable = true, initialFocus, testId }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    const first =
      (initialFocus === 'dialog' && dialog) ||
      (initialFocus && dialog?.querySelector<HTMLElement>(initialFocus)) ||
      [...(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].find((el) => !el.dataset.modalClose && !el.closest('[hidden]')) ||
      dialog;
    first?.focus();
    openCount += 1;
    document.body.style.overflow = 'hidden';
    // The page behind is out of reach while a dialog is open: not focusable, not read aloud.
    // Dialogs render into <body>, outside the app's root, so one opened from another stays live.
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    return () => {
      openCount -= 1;
      if (openCount === 0) {
        document.body.style.overflow = '';
        app?.removeAttribute('inert');
      }
      if (opener?.isConnected) opener.focus();
    };
    // Focus moves once, when the dialog opens; later renders must not steal it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // A modal opened from this one is rendered in a portal but still bubbles here through React: it handles its own keys.
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      if (closable) onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const firstItem = items[0]!;
    const lastItem = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === firstItem || active === ref.current)) {
      e.preventDefault();
      lastItem.focus();
    } else if (!e.shiftKey && active === lastItem) {
      e.preventDefault();
      firstItem.focus();
    }
  };

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && closable && onCloseRef.current()}>
      <div
        ref={ref}
        className={`${styles.dialog} ${styles[size]}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={() => closable && onCloseRef.current()}
            aria-label={t('actions.close')}
            data-modal-close="true"
            disabled={!closable}
          >
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
