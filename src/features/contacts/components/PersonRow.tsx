import { useEffect, useState, type ReactNode } from 'react';
import { Avatar } from '@/components/Avatar';
import { loadPhoneLib, phoneLibIfLoaded, type PhoneLib } from '@/components/phone-lib';
import styles from './Contacts.module.css';

/** The phone library once loaded (it is a lazy chunk), to show phones in international format. */
export function usePhoneFormat(): (phone: string) => string {
  const [lib, setLib] = useState<PhoneLib | null>(phoneLibIfLoaded);
  useEffect(() => {
    if (!lib) void loadPhoneLib().then(setLib);
  }, [lib]);
  return (phone) => lib?.formatPhoneInternational(phone) ?? phone;
}

/**
 * One person in a list: avatar, name, the phone under it when the name is not the phone already,
 * an optional badge after the name, and whatever controls go at the end of the row. With `pick`
 * the control is the row's checkbox and the whole row is its label, so a tap on the name ticks it.
 */
export function PersonRow({
  person,
  badge,
  children,
  testId,
  pick = false,
}: {
  person: { name: string; phone: string; avatar_url: string | null };
  badge?: string;
  children?: ReactNode;
  testId?: string;
  pick?: boolean;
}) {
  const format = usePhoneFormat();
  const phone = format(person.phone);
  const content = (
    <>
      <Avatar url={person.avatar_url} name={person.name} size={40} />
      <span className={styles.rowText}>
        <span className={styles.rowName}>
          <span className={styles.rowNameText}>{person.name}</span> {badge && <span className={styles.me}>{badge}</span>}
        </span>
        {phone !== person.name && <span className={styles.phone}>{phone}</span>}
      </span>
      {children}
    </>
  );
  return (
    <li className={pick ? undefined : styles.row} data-testid={testId}>
      {pick ? <label className={`${styles.row} ${styles.pickRow}`}>{content}</label> : content}
    </li>
  );
}
