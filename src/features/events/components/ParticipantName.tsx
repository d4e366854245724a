import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { shallowEqual } from 'react-redux';
import { Link } from 'react-router-dom';
import type { EventParticipant } from '@common/contract/events';
import { useAppSelector } from '@/app/hooks';
import { Avatar } from '@/components/Avatar';
import { selectParticipantMap } from '../selectors';
import styles from './ParticipantName.module.css';

type Named = Pick<EventParticipant, 'name' | 'is_me'>;

/** Specification §3: the display name (contact name, full name, phone); the current user is 'me'. */
export function participantName(person: Named, t: TFunction): string {
  return person.is_me ? t('events:participants.me') : person.name;
}

/** A participant of the open event by uid: avatar (linking to /people/{uid}) and display name. */
export function ParticipantName({
  uid,
  participant,
  avatar = true,
  link = true,
  size = 32,
}: {
  uid?: number;
  participant?: EventParticipant;
  avatar?: boolean;
  link?: boolean;
  size?: number;
}) {
  const { t } = useTranslation('events');
  // This person's fields alone, compared one by one: an answer about the event that brings the
  // same ones draws nothing again. Given the participant, nothing is looked up.
  const known = useAppSelector((state) => (participant || uid === undefined ? undefined : selectParticipantMap(state).get(uid)), shallowEqual);
  const person = participant ?? known;
  if (!person) return <span className={styles.name}>{t('participants.unknown')}</span>;
  const name = participantName(person, t);
  // My initials come from my own name, not from 'me'.
  const face = avatar ? <Avatar name={person.is_me ? person.full_name || name : name} url={person.avatar_url} size={size} /> : null;
  return (
    <span className={styles.wrap}>
      {face && link ? (
        <Link to={`/people/${person.uid}`} className={styles.avatarLink} aria-label={t('participants.openPerson', { name })}>
          {face}
        </Link>
      ) : (
        face
      )}
      <span className={styles.name}>{name}</span>
    </span>
  );
}
