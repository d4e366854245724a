import type { Contact } from '@common/contract/contacts';
import { PersonRow } from './PersonRow';
import styles from './ContactChecklist.module.css';

/**
 * Contacts as a checkbox list, each whole row the checkbox's label, with how many are ticked under
 * it: the family's add-members modal and an event's 'From contacts' modal pick people this way.
 */
export function ContactChecklist({
  contacts,
  picked,
  onToggle,
  label,
  countText,
  testIdPrefix,
}: {
  contacts: readonly Contact[];
  /** The uids ticked. */
  picked: readonly number[];
  onToggle: (uid: number) => void;
  label: string;
  /** 'n selected' in the reader's language. */
  countText: string;
  testIdPrefix: string;
}) {
  return (
    <div className={styles.checklist}>
      <ul className={styles.list} aria-label={label}>
        {contacts.map((c) => (
          <PersonRow key={c.uid} person={c} testId={`${testIdPrefix}-${c.uid}`} pick>
            <input type="checkbox" className={styles.check} checked={picked.includes(c.uid)} onChange={() => onToggle(c.uid)} aria-label={c.name} />
          </PersonRow>
        ))}
      </ul>
      <p className={styles.count}>{countText}</p>
    </div>
  );
}
