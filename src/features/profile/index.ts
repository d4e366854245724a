export {
  profileSlice,
  fetchProfile,
  updateProfile,
  deleteAccount,
  changePassword,
  isProfileComplete,
  type Profile,
  type ProfileState,
  type LoadStatus,
} from './profile-slice';
export { FamilyInvitationBanner, useReceivedInvitations } from './components/FamilyInvitationBanner';
