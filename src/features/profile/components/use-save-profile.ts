import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { fetchCurrencies } from '@/features/currencies';
import { updateProfile } from '../profile-slice';
import { payloadOf, type ProfileDraft } from './profile-form';

/**
 * Saves the profile; true when it was saved. Exchange rates are given in the user's currency, so
 * a new currency reloads them.
 */
export function useSaveProfile(): (draft: ProfileDraft) => Promise<boolean> {
  const dispatch = useAppDispatch();
  const currency = useAppSelector((s) => s.profile.user?.currency);
  return async (draft) => {
    const result = await dispatch(updateProfile(payloadOf(draft)));
    if (!updateProfile.fulfilled.match(result)) return false;
    if (result.payload.currency !== currency) void dispatch(fetchCurrencies());
    return true;
  };
}
