import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilyInvitation, User } from '@common/contract/user';
import { useAppSelector } from '@/app/hooks';
import formStyles from '@/components/Form.module.css';
import { apiErrorText } from '@/features/contacts';
import type { ApiError } from '@/lib/api-client';
import styles from './FamilySection.module.css';
import { ReceivedInvitations } from './ReceivedInvitations';

const NONE: readonly FamilyInvitation[] = [];

/**
 * The family invitations I have received and not answered: what a badge on the menu counts. A
 * profile kept from an older version of the app may lack them; the shell must still draw.
 */
export function useReceivedInvitations(): readonly FamilyInvitation[] {
  return useAppSelector((s) => (s.profile.user as Partial<User> | null | undefined)?.family_invitations?.received ?? NONE);
}

/**
 * Invitations into a family, answered where they are seen first: above the events list. Settings
 * lists them too; here they are not hidden below a password form.
 */
export function FamilyInvitationBanner() {
  const { t } = useTranslation('contacts');
  const received = useReceivedInvitations();
  const [failure, setFailure] = useState<ApiError | null>(null);
  if (received.length === 0 && !failure) return null;
  return (
    <section className={styles.banner} aria-label={t('family.receivedTitle')} data-testid="family-invitation-banner">
      {received.length > 0 && <ReceivedInvitations invitations={received} onFailure={setFailure} Heading="h2" />}
      {failure && (
        <p className={formStyles.error} role="alert">
          {apiErrorText(t, failure)}
        </p>
      )}
    </section>
  );
}
