/**
 * Components from lazily imported chunks. A lazy component renders nothing until its chunk has
 * arrived (a few ms; `preloadCompose` starts the download when a reviewer is about to need it);
 * a failed download is reported through the store and tried again on the next render.
 */
import { lazyModule } from '../util/lazy-module';
import { lazyComponent } from './lazy-media';

/** Pins, the overlay engine, the thread panel: signed-in reviewers only (mount.ts starts it). */
export const reviewChunk = lazyModule(() => import('./review'));
const compose = lazyModule(() => import('./compose'));

/** Starts downloading the compose chunk (launcher hover/focus, sign-in). Never rejects. */
export function preloadCompose(): void {
  compose.load().catch(() => {
    /* reported when a component actually needs it */
  });
}

export const PinLayer = lazyComponent(reviewChunk, (m) => m.PinLayer);
export const MoveHint = lazyComponent(reviewChunk, (m) => m.MoveHint);
export const PinControls = lazyComponent(reviewChunk, (m) => m.PinControls);
export const ThreadPanel = lazyComponent(reviewChunk, (m) => m.ThreadPanel);
export const CommentMode = lazyComponent(compose, (m) => m.CommentMode);
export const CommentHint = lazyComponent(compose, (m) => m.CommentHint);
export const Composer = lazyComponent(compose, (m) => m.Composer);

// The media components live in a leaf (lazy-media.tsx) that the lazy chunks import too.
export { Annotator, AttachmentChips, MessageAttachments, Lightbox, ScreenshotView, ThreadList } from './lazy-media';
