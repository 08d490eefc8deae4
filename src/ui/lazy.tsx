/**
 * Components from lazily imported chunks. A lazy component renders nothing until its chunk has
 * arrived (a few ms; `preloadCompose` starts the download when a reviewer is about to need it);
 * a failed download is reported through the store and tried again on the next render.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { lazyModule, type LazyModule } from '../util/lazy-module';
import { useWidget } from './hooks';

/** Pins, the overlay engine, the thread panel: signed-in reviewers only (mount.ts starts it). */
export const reviewChunk = lazyModule(() => import('./review'));
const compose = lazyModule(() => import('./compose'));
/** Screenshots, attachments and the thread list: for signed-in reviewers and open threads. */
const media = lazyModule(() => import('./media'));
/** The screenshot editor: only reviewers who annotate download it. */
const annotator = lazyModule(() => import('./compose/Annotator'));

/** Starts downloading the compose chunk (launcher hover/focus, sign-in). Never rejects. */
export function preloadCompose(): void {
  compose.load().catch(() => {
    /* reported when a component actually needs it */
  });
}

function lazyComponent<M, P extends object>(source: LazyModule<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  return function Lazy(props: P) {
    const { actions } = useWidget().controller;
    const [, rerender] = useState(0);
    const module = source.loaded();
    useEffect(() => {
      if (module) return;
      let live = true;
      source.load().then(
        () => live && rerender((n) => n + 1),
        (error: unknown) => live && actions.partFailedToLoad(error),
      );
      return () => {
        live = false;
      };
    }, [module]);
    if (!module) return null;
    const Component = pick(module);
    return <Component {...props} />;
  };
}

export const PinLayer = lazyComponent(reviewChunk, (m) => m.PinLayer);
export const MoveHint = lazyComponent(reviewChunk, (m) => m.MoveHint);
export const PinControls = lazyComponent(reviewChunk, (m) => m.PinControls);
export const ThreadPanel = lazyComponent(reviewChunk, (m) => m.ThreadPanel);
export const CommentMode = lazyComponent(compose, (m) => m.CommentMode);
export const CommentHint = lazyComponent(compose, (m) => m.CommentHint);
export const Composer = lazyComponent(compose, (m) => m.Composer);
export const SignInPanel = lazyComponent(compose, (m) => m.SignInPanel);
export const Annotator = lazyComponent(annotator, (m) => m.Annotator);
export const AttachmentChips = lazyComponent(media, (m) => m.AttachmentChips);
export const MessageAttachments = lazyComponent(media, (m) => m.MessageAttachments);
export const Lightbox = lazyComponent(media, (m) => m.Lightbox);
export const ScreenshotView = lazyComponent(media, (m) => m.ScreenshotView);
export const ThreadList = lazyComponent(media, (m) => m.ThreadList);
