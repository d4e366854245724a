import type { UpdateUserRequest, User } from '@common/contract/user';
import { normalizeName } from '@common/names';
import { base64Payload } from '@/components/images';
import type { AvatarValue } from './AvatarField';

export interface ProfileDraft {
  first: string;
  last: string;
  gender: 'M' | 'F' | null;
  currency: string;
  avatar: AvatarValue;
}

export type ProfileField = keyof ProfileDraft;
export type ProfileErrors = Partial<Record<ProfileField, 'first_name_required' | 'last_name_required' | 'avatar_required' | 'required_field'>>;

export function draftOf(user: User): ProfileDraft {
  return {
    first: user.first_name,
    last: user.last_name,
    gender: user.gender,
    currency: user.currency,
    avatar: user.avatar_url ? { kind: 'current', url: user.avatar_url } : null,
  };
}

/**
 * Specification §5: first name, surname and (on profile completion) a picture are required, with
 * their own messages; gender and currency are required too.
 */
export function validateDraft(draft: ProfileDraft, { requireAvatar }: { requireAvatar: boolean }): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!normalizeName(draft.first)) errors.first = 'first_name_required';
  if (!normalizeName(draft.last)) errors.last = 'last_name_required';
  if (requireAvatar && !draft.avatar) errors.avatar = 'avatar_required';
  if (!draft.gender) errors.gender = 'required_field';
  if (!draft.currency) errors.currency = 'required_field';
  return errors;
}

/**
 * PUT /v2/user/me/: `full_name` as the specification's payload lists it (first name, space,
 * surname), with the parts beside it so that a surname with a space in it stays whole; the avatar
 * only when it changed, as base64 without the prefix.
 */
export function payloadOf(draft: ProfileDraft): UpdateUserRequest {
  const first = normalizeName(draft.first);
  const last = normalizeName(draft.last);
  const body: UpdateUserRequest = {
    full_name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    gender: draft.gender,
    currency: draft.currency,
  };
  if (draft.avatar?.kind === 'new') body.avatar_url = base64Payload(draft.avatar.dataUrl);
  return body;
}
