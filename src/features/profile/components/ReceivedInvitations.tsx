import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilyInvitation } from '@common/contract/user';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/Button';
import { PersonRow } from '@/features/contacts';
import { toApiError, type ApiError } from '@/lib/api-client';
import { acceptFamilyInvitation, dropFamilyInvitation } from '../profile-slice';
import styles from './FamilySection.module.css';

/** Accept or decline: the answer is the new profile, which the slice stores; a refusal is shown by the section. */
export function useInvitationAction() {
  const dispatch = useAppDispatch();
  return async (action: 'accept' | 'drop', id: number): Promise<ApiError | null> => {
    const result = await dispatch(action === 'accept' ? acceptFamilyInvitation(id) : dropFamilyInvitation(id));
    if (acceptFamilyInvitation.fulfilled.match(result) || dropFamilyInvitation.fulfilled.match(result)) return null;
    return (result.payload as ApiError | undefined) ?? toApiError(result.error);
  };
}

/** Invitations into someone's family: nothing changes for me until I accept one. */
export function ReceivedInvitations({
  invitations,
  onFailure,
  Heading = 'h4',
}: {
  invitations: readonly FamilyInvitation[];
  onFailure: (e: ApiError | null) => void;
  /** The title's level where the list stands: under Settings' family section, or alone on a page. */
  Heading?: 'h2' | 'h4';
}) {
  const { t } = useTranslation('contacts');
  const act = useInvitationAction();
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (action: 'accept' | 'drop', id: number) => {
    setBusy(id);
    onFailure(null);
    onFailure(await act(action, id));
    setBusy(null);
  };
  return (
    <div data-testid="family-received">
      <Heading className={styles.subtitle}>{t('family.receivedTitle')}</Heading>
      {invitations.map((i) => (
        // The person on their own row, the words and the buttons under it: a phone has no room beside a name.
        <div key={i.id} className={styles.invitationCard} data-testid={`family-invitation-${i.id}`}>
          <ul className={styles.list}>
            <PersonRow person={i.person} />
          </ul>
          <p className={styles.invitationText}>{t('family.invitedYou', { name: i.person.name })}</p>
          <p className={styles.invitationHint}>{t('family.acceptExplained')}</p>
          <div className={styles.buttons}>
            <Button onClick={() => void run('accept', i.id)} disabled={busy !== null} aria-busy={busy === i.id} data-testid={`family-accept-${i.id}`}>
              {t('family.accept')}
            </Button>
            <Button scheme="gray" onClick={() => void run('drop', i.id)} disabled={busy !== null} data-testid={`family-decline-${i.id}`}>
              {t('family.decline')}
            </Button>
          </div>
        </div>
      ))}
    </div>
  );
}
