import type { Contact } from '@common/contract/contacts';
import type { Event } from '@common/contract/events';
import type { PaybackRequestResponse, PersonResponse } from '@common/contract/people';
import { api, type ApiError } from '@/lib/api-client';

/** The People screen's calls (specification §7; docs/api.md, People). */

export function fetchPersonCall(uid: number, currency: string | null, signal?: AbortSignal) {
  return api.get<PersonResponse>(`/event/people/${uid}/`, currency ? { currency } : undefined, signal);
}

/** A phone for a person known by name alone (`phone_givable`). */
/** `merge`: someone has the phone already, and the person is to become them (decision 0070). */
export function givePhoneCall(uid: number, phone: string, merge = false) {
  return api.post<Contact>(`/event/people/${uid}/phone/`, merge ? { phone, merge } : { phone });
}

export function requestPaybackCall(uid: number) {
  return api.post<PaybackRequestResponse>(`/event/people/${uid}/`, { details: 'Payback' });
}

/**
 * Our dialogue's id, made on first use (DESIGN §4). The person call says whether one exists; when
 * two tabs race to create it the server answers 'dialogue_exists' and the second read finds it.
 */
export async function ensureDialogue(uid: number): Promise<number> {
  const known = (await fetchPersonCall(uid, null)).dialogue_id;
  if (known !== null) return known;
  try {
    const created = await api.post<Event>('/event/', { quasi: true, contacts: [uid] });
    return created.id;
  } catch (err) {
    if ((err as ApiError).code !== 'dialogue_exists') throw err;
    const again = (await fetchPersonCall(uid, null)).dialogue_id;
    if (again === null) throw err;
    return again;
  }
}
