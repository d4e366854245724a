import type { Contact, ContactListResponse } from '@common/contract/contacts';
import type { UserSearchResponse } from '@common/contract/people';
import { api } from '@/lib/api-client';

/** The contact book calls (docs/api.md, Contacts); the web app always names its device 'WEB'. */
export const contactsApi = {
  list: (signal?: AbortSignal) => api.get<ContactListResponse>('/user/contacts/', undefined, signal),
  add: (contacts: { name: string; phone: string }[]) => api.post<ContactListResponse>('/user/contacts/', { device: 'WEB', contacts }),
  remove: (phones: string[]) => api.delete<ContactListResponse | ''>('/user/contacts/', { device: 'WEB', phones }),
};

/**
 * GET /user/search/: who has this phone. The text goes as typed (digits, spaces, a leading '+'),
 * since the server reads a '+' as an international number and anything else as Russian first.
 * With `searchAll` a placeholder in my own contacts answers too.
 */
export function searchUser(phone: string, searchAll: boolean, signal?: AbortSignal): Promise<UserSearchResponse> {
  return api.get<UserSearchResponse>('/user/search/', { phone, search_all: searchAll ? 'true' : 'false' }, signal);
}

export type { Contact };
