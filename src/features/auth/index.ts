export { authSlice, signedIn, authFailed, authErrorCleared, loggedOut, type AuthState } from './auth-slice';
