/**
 * Components of the media chunk (screenshots, attachments, the comment list) and the screenshot
 * editor, loaded lazily, and the helper that makes a lazy component. A leaf of its own so that the
 * lazy chunks (thread panel, composer) can use these without importing `lazy.tsx`, which loads them:
 * no chunk imports the module that imports it. A lazy component renders nothing until its chunk has
 * arrived; a failed download is reported through the store and tried again on the next render.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { lazyModule, type LazyModule } from '../util/lazy-module';
import { useWidget } from './hooks';

/** Screenshots, attachments and the thread list: for signed-in reviewers and open threads. */
const media = lazyModule(() => import('./media'));
/** The screenshot editor: only reviewers who annotate download it. */
const annotator = lazyModule(() => import('./compose/Annotator'));

export function lazyComponent<M, P extends object>(source: LazyModule<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
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

export const Annotator = lazyComponent(annotator, (m) => m.Annotator);
export const AttachmentChips = lazyComponent(media, (m) => m.AttachmentChips);
export const MessageAttachments = lazyComponent(media, (m) => m.MessageAttachments);
export const Lightbox = lazyComponent(media, (m) => m.Lightbox);
export const ScreenshotView = lazyComponent(media, (m) => m.ScreenshotView);
export const ThreadList = lazyComponent(media, (m) => m.ThreadList);
