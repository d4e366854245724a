import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonScheme } from './Button';
import { Modal } from './Modal';
import { Spinner } from './Spinner';
import styles from './Form.module.css';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel?: string;
  scheme?: ButtonScheme;
  /** Runs with a spinner on the confirm button; the dialog closes once it settles. */
  onSubmit: () => unknown;
  onCancel?: () => void;
  onClose: () => void;
}

/**
 * Specification §4: the confirm dialog runs its submit handler with a spinner and then closes;
 * cancel calls the cancel handler and closes. While the submit runs nothing else can close it.
 */
export function ConfirmDialog({ title, text, confirmLabel, scheme = 'blue', onSubmit, onCancel, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const cancel = () => {
    onCancel?.();
    onClose();
  };

  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit();
    } finally {
      // The submit may have unmounted the dialog's owner (deleting the account logs out).
      if (mounted.current) {
        setBusy(false);
        onClose();
      }
    }
  };

  return (
    <Modal
      title={title}
      size="sm"
      onClose={cancel}
      closable={!busy}
      initialFocus="[data-confirm-cancel]"
      testId="confirm-dialog"
      footer={
        <>
          <Button scheme="gray" onClick={cancel} disabled={busy} data-confirm-cancel="true">
            {t('actions.cancel')}
          </Button>
          <Button scheme={scheme} onClick={() => void submit()} disabled={busy} aria-busy={busy}>
            {busy && <Spinner size={16} decorative />}
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </>
      }
    >
      <p className={styles.text}>{text}</p>
    </Modal>
  );
}
