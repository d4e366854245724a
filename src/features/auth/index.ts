export { authSlice, signedIn, authFailed, authErrorCleared, loggedOut, login, logout, requestCode, setPasswordWithCode, type AuthState } from './auth-slice';
export { CODE_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
