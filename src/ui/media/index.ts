/**
 * What a reviewer sees of screenshots and files: attachment chips and pickers, a message's
 * attachments, the diagnostics summary, a thread's screenshot, the full-size view and the thread
 * list. A chunk of its own (see ../lazy.tsx), loaded when a thread opens or a reviewer is signed in.
 */
export { AttachmentChips, MessageAttachments } from './attachments';
export { Lightbox } from './Lightbox';
export { ScreenshotView } from './ScreenshotView';
export { ThreadList } from './ThreadList';
