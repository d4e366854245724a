import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Operation } from '@common/contract/operations';
import { MAX_RECEIPTS } from '@common/contract/operations';
import { isErrorCode } from '@common/errors';
import { Spinner } from '@/components/Spinner';
import { receiptDataUrl } from '@/components/images';
import { toApiError } from '@/lib/api-client';
import { addReceiptCall, deleteReceiptCall } from '../operations-api';
import type { EventPeople } from '../lib/people';
import styles from './OperationDetails.module.css';

/**
 * An operation's receipt photos: thumbnails that open full size, a way to add one from the
 * phone's camera or a file, and to remove one. `onChange` gets the operation as it now stands.
 */
export function Receipts({ op, people, editable, onChange }: { op: Operation; people: EventPeople; editable: boolean; onChange: (op: Operation) => void }) {
  const { t } = useTranslation('operations');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'add' | number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (what: 'add' | number, call: () => Promise<Operation>) => {
    setBusy(what);
    setError(null);
    try {
      onChange(await call());
    } catch (err) {
      const e = toApiError(err);
      setError(isErrorCode(e.code) ? t(`errors:${e.code}`, { defaultValue: e.message }) : t('receipts.failed'));
    } finally {
      setBusy(null);
    }
  };

  const add = (file: File | undefined) => {
    if (!file) return;
    void run('add', async () => addReceiptCall(op.id, await receiptDataUrl(file)));
    if (input.current) input.current.value = '';
  };

  if (!editable && op.receipts.length === 0) return null;
  return (
    <section aria-labelledby="receipts-title" className={styles.section}>
      <h3 id="receipts-title" className={styles.sectionTitle}>
        {t('receipts.title')}
      </h3>
      {op.receipts.length > 0 && (
        <ul className={styles.receipts} data-testid="receipts">
          {op.receipts.map((r, i) => (
            <li key={r.id} className={styles.receipt}>
              <a
                href={r.url.replace('{size}', 'full')}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('receipts.open', { n: i + 1, name: people.name(r.added_by) })}
              >
                <img src={r.url.replace('{size}', '140x140')} alt="" width={88} height={88} loading="lazy" />
              </a>
              {editable && (
                <button
                  type="button"
                  className={styles.receiptRemove}
                  aria-label={t('receipts.remove', { n: i + 1 })}
                  onClick={() => void run(r.id, () => deleteReceiptCall(op.id, r.id))}
                  disabled={busy !== null}
                >
                  {busy === r.id ? <Spinner size={14} decorative /> : '×'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && op.receipts.length < MAX_RECEIPTS && (
        <label className={styles.addReceipt} data-busy={busy === 'add' || undefined}>
          {busy === 'add' ? <Spinner size={16} decorative /> : <span aria-hidden="true">+</span>}
          {t('receipts.add')}
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            disabled={busy !== null}
            onChange={(e) => add(e.target.files?.[0])}
            data-testid="receipt-input"
          />
        </label>
      )}
      {error && (
        <p className={styles.receiptError} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
