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
 * an optional badge after the name, and whatever controls go at the end of the row.
 */
export function PersonRow({
  person,
  badge,
  children,
  testId,
}: {
  person: { name: string; phone: string; avatar_url: string | null };
  badge?: string;
  children?: ReactNode;
  testId?: string;
}) {
  const format = usePhoneFormat();
  const phone = format(person.phone);
  return (
    <li className={styles.row} data-testid={testId}>
      <Avatar url={person.avatar_url} name={person.name} size={40} />
      <span className={styles.rowText}>
        <span className={styles.rowName}>
          {person.name} {badge && <span className={styles.me}>{badge}</span>}
        </span>
        {phone !== person.name && <span className={styles.phone}>{phone}</span>}
      </span>
      {children}
    </li>
  );
}
