import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventFamily, EventParticipant } from '@common/contract/events';
import { useAppSelector } from '@/app/hooks';
import { participantName, selectFamilies, selectParticipants } from '@/features/events';
import { genderContext } from '@/lib/i18n';

export interface EventPeople {
  /** The viewer's uid (0 while the event is not loaded). */
  me: number;
  /** Everyone in the event, me first. */
  participants: EventParticipant[];
  byUid: ReadonlyMap<number, EventParticipant>;
  /** Settle-up families, mine first. */
  families: EventFamily[];
  familyOf: ReadonlyMap<number, EventFamily>;
  /** The display name, 'me' for the viewer (specification §3). */
  name: (uid: number) => string;
  /** The i18next context for words that agree with this person's gender (unknown: none). */
  gender: (uid: number) => 'male' | 'female' | undefined;
}

/** The open event's people as the operation screens need them. */
export function useEventPeople(): EventPeople {
  const { t } = useTranslation('events');
  const participants = useAppSelector(selectParticipants);
  const families = useAppSelector(selectFamilies);
  return useMemo(() => {
    const byUid = new Map(participants.map((p) => [p.uid, p]));
    const familyOf = new Map<number, EventFamily>();
    for (const f of families) for (const uid of f.members) familyOf.set(uid, f);
    const me = participants.find((p) => p.is_me)?.uid ?? 0;
    const name = (uid: number) => {
      const p = byUid.get(uid);
      return p ? participantName(p, t) : t('participants.unknown');
    };
    const gender = (uid: number) => genderContext(byUid.get(uid)?.gender);
    return { me, participants, byUid, families, familyOf, name, gender };
  }, [participants, families, t]);
}
