import type { OkResponse } from '@common/contract/auth';
import type { ChangePasswordRequest, UpdateUserRequest, User } from '@common/contract/user';
import { api, clientError, request } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** The signed-in user's own account (specification §7; shapes in common/contract/user.ts). */
export const profileApi = {
  /** A profile answer without a user is 'Invalid credentials' (§8). */
  me: async () => {
    const user = await api.get<User>('/user/me/');
    if (typeof user !== 'object' || typeof (user as Partial<User>).user !== 'number') throw clientError('invalid_credentials');
    return user;
  },
  update: (body: UpdateUserRequest) => api.put<User>('/v2/user/me/', body),
  remove: () => api.delete<OkResponse>('/v2/user/me/'),
  changePassword: (body: ChangePasswordRequest) => api.post<OkResponse>('/v2/user/password/', body),
  acceptFamilyInvitation: (id: number) => api.post<User>(`/user/family/invitations/${id}/accept/`),
  dropFamilyInvitation: (id: number) => api.delete<User>(`/user/family/invitations/${id}/`),
  /** Everything the account can see as one JSON file, saved to the device's downloads. */
  downloadArchive: async (onBytes: (bytes: number) => void) => {
    const archive = await request<string>('GET', '/user/me/export/', { responseType: 'text', onDownloadProgress: onBytes });
    saveFile(`dolya-account-${new Date().toISOString().slice(0, 10)}.json`, archive, 'application/json');
  },
};
