/**
 * The UI a reviewer needs to write: comment mode and the composer. A chunk of its own (see
 * ../lazy.tsx): visitors who only look at pins never download it. The sign-in panel is not here:
 * app.js itself arrives only when a visitor heads for the launcher, and the panel must open on the
 * click that follows without another round trip (App.tsx imports it directly).
 */
export { CommentHint, CommentMode } from './CommentMode';
export { Composer } from './Composer';
