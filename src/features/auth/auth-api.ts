import type { CodePurpose, CodeResponse, OkResponse, TokenResponse } from '@common/contract/auth';
import { api } from '@/lib/api-client';

/** The calls of specification §7 for accounts; shapes from common/contract/auth.ts. */
export const authApi = {
  requestCode: (purpose: CodePurpose, phone: string) => api.post<CodeResponse>('/v2/auth/code/', { phone }, { for: purpose }),
  checkCode: (purpose: CodePurpose, body: { phone: string; code: string }) => api.post<OkResponse>('/v2/auth/code/check/', body, { for: purpose }),
  setPassword: (purpose: CodePurpose, body: { phone: string; code: string; password: string }) =>
    api.post<Partial<TokenResponse>>('/v2/auth/password/', body, { for: purpose }),
  login: (body: { phone: string; password: string; remember: boolean }) => api.post<TokenResponse>('/v2/auth/login/', body),
  logout: () => api.post<OkResponse>('/account/logout/'),
};
