export { createAuth, RENEW_BEFORE_MS, type Auth, type AuthOptions, type AuthState, type HostTokenSource, type SignInMethod } from './auth';
export { SignInError, startPopupSignIn, type PopupSignIn, type SignInErrorKind } from './popup-sign-in';
export { createStateNonce } from './nonce';
export { sessionStorageKey, readStoredSession, type StoredSession } from './session-storage';
