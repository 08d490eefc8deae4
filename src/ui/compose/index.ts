/**
 * The UI a reviewer needs to write: comment mode, the composer and the sign-in panel. A chunk of its
 * own (see ../lazy.tsx): visitors who only look at pins never download it.
 */
export { CommentHint, CommentMode } from './CommentMode';
export { Composer } from './Composer';
export { SignInPanel } from './SignInPanel';
