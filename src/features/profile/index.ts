export { profileSlice, fetchProfile, isProfileComplete, type Profile, type ProfileState, type LoadStatus } from './profile-slice';
