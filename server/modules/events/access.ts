import { DomainError } from '../../../common/errors';
import type { Queryable } from '../../db/client';
import { eventForParticipant, type EventRow } from './repository';

/**
 * The event if the viewer takes part in it; otherwise it does not exist for them (404, DESIGN §7).
 * Events and operations both ask through here, so the rule is written once.
 */
export async function requireEvent(db: Queryable, eventId: number, viewer: number, forUpdate = false): Promise<EventRow> {
  const event = await eventForParticipant(db, eventId, viewer, forUpdate);
  // An import still writing it: not even its importer may restore it half-written.
  if (!event || event.importingSince) throw new DomainError('not_found');
  return event;
}

/** An event that still accepts changes: a deleted one must be restored first. */
export function requireLive(event: EventRow): void {
  if (event.deletedAt) throw new DomainError('event_deleted');
}
