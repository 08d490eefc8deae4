/**
 * The new-comment flow: a click in comment mode drops a pending pin and starts its screenshot; the
 * reviewer writes, attaches, annotates; posting creates the thread (with attachments, annotations
 * and, with the host's consent, diagnostics) and hands the screenshot to a background upload.
 * What was typed stays a draft (draft-actions.ts) until the server confirmed the thread.
 */
import type { BrowserContext, CreateThreadRequest } from '../../api/wire';
import { NEW_THREAD, type createAttachmentActions } from './attachment-actions';
import { capturing, describing } from './lazy-parts';
import { messageBodyOf } from '../model/message-body';
import type { createScreenshotActions } from './screenshot-actions';
import type { createClipActions } from './clip-actions';
import type { ReviewingDeps } from './deps';
import { NO_COMPOSER } from '../model/send-kinds';
import type { Sending } from '../services/sending';
import { viewModeCategory, viewModeIdOf } from '../model/view-mode';

export type { DiagnosticsSource } from './deps';

/** What the writing tools share (reviewing.ts) plus the parts built for this flow. */
export interface ComposeActionDeps extends ReviewingDeps {
  screenshots: ReturnType<typeof createScreenshotActions>;
  attachments: ReturnType<typeof createAttachmentActions>;
  clips: ReturnType<typeof createClipActions>;
}

export function createComposeActions(deps: ComposeActionDeps) {
  const { store, owner, report, screenshots, attachments, clips } = deps;
  const { composer } = store;

  /** The diagnostics file, queued as an upload the comment waits for; a failure here never stops the comment. */
  async function diagnosticsUpload(sending: Sending): Promise<string[]> {
    try {
      const file = await deps.diagnostics?.file();
      if (!file) return [];
      const { blob, filename } = file;
      return [
        sending.upload({
          composer: NO_COMPOSER,
          name: filename,
          type: blob.type,
          size: blob.size,
          blob,
          resourceType: 'message_attachment',
          resourceId: deps.markupId,
        }),
      ];
    } catch (error) {
      report(error, 'diagnostics');
      return [];
    }
  }

  /** The full context from the capture chunk; without it (offline before it arrived) what needs no code. */
  async function contextOfBrowser(): Promise<BrowserContext> {
    try {
      const { browserContextAsync } = await capturing.load();
      return await browserContextAsync();
    } catch (error) {
      report(error, 'browser-context');
      const unknown = 'Unknown';
      return {
        browserName: unknown,
        browserVersion: '',
        os: unknown,
        osVersion: '',
        osVersionName: unknown,
        platform: navigator.platform || unknown,
        screenWidth: screen.width,
        screenHeight: screen.height,
        viewportWidth: window.innerWidth,
        viewportHeight: window.innerHeight,
        devicePixelRatio: window.devicePixelRatio,
        userAgent: navigator.userAgent,
      };
    }
  }

  return {
    /** Drops a pin where the reviewer clicked (the describing code is usually loaded by now). */
    async placePin(target: Element, clientX: number, clientY: number): Promise<void> {
      if (store.mode.peek() !== 'commenting') return;
      try {
        const { describePin } = describing.loaded() ?? (await describing.load());
        if (owner.isDestroyed || store.mode.peek() !== 'commenting') return;
        store.pendingPin.value = describePin(target, clientX, clientY);
      } catch (error) {
        if (!owner.isDestroyed) store.notice.value = report(error, 'pin');
        return;
      }
      composer.error.value = null;
      store.mode.value = 'composing';
      // Text kept from a cancelled composer comes along, and now belongs to this pin.
      const kept = store.drafts.peek()[NEW_THREAD];
      if (kept) deps.drafts.setDraft(NEW_THREAD, kept);
      // After the composer's first frame, so it appears at once; the capture excludes the widget.
      owner.requestAnimationFrame(() => {
        if (store.mode.peek() === 'composing') screenshots.takeScreenshot({ clientX, clientY });
      });
    },

    cancelComposer(): void {
      if (composer.posting.peek()) return;
      // The text is kept for the next new comment (nothing typed is lost), no longer at this pin.
      deps.drafts.detachComposerDraft();
      composer.error.value = null;
      store.pendingPin.value = null;
      screenshots.discardComposerScreenshot();
      attachments.clearAttachments(NEW_THREAD);
      clips.discardClip();
      store.mode.value = 'idle';
    },

    async createThread(): Promise<void> {
      const anchor = store.pendingPin.peek();
      // While a recording runs the composer is hidden behind its stop bar: stop first, then post.
      if (composer.posting.peek() || !anchor || ['starting', 'recording'].includes(composer.recording.peek().status)) return;
      const written = messageBodyOf(store.drafts.peek()[NEW_THREAD]);
      if ('error' in written) {
        composer.error.value = written.error;
        return;
      }
      composer.posting.value = true;
      composer.error.value = null;
      try {
        const files = attachments.attachmentsReady(NEW_THREAD);
        const clipFiles = clips.clipsReady();
        if ('error' in files) {
          composer.error.value = files.error;
          return;
        }
        if ('error' in clipFiles) {
          composer.error.value = clipFiles.error;
          return;
        }
        const sending = await deps.sending();
        const [browserContext, diagnostics] = await Promise.all([contextOfBrowser(), diagnosticsUpload(sending)]);
        const body: CreateThreadRequest = {
          isImageThread: false,
          url: window.location.href,
          canonicalUrl: anchor.canonicalUrl,
          elements: anchor.elements,
          elementParents: anchor.elementParents,
          offsetXPercentage: anchor.offsetXPercentage,
          offsetYPercentage: anchor.offsetYPercentage,
          viewModeId: viewModeIdOf(
            store.viewModeOverride.peek() ?? viewModeCategory(window.innerWidth, deps.breakpoints),
            store.viewModes.peek(),
          ),
          browserContext,
          // A new thread's body carries the Delta only (the server derives its text and mentions).
          message: written.message,
        };
        if (files.fileIds.length) body.attachments = files.fileIds;
        if (clipFiles.clipVideos.length) body.clipVideos = clipFiles.clipVideos;
        const annotations = screenshots.pendingAnnotations();
        if (annotations) body.annotations = annotations as unknown as Record<string, unknown>;
        // Into the outbox, behind its uploads: the pin shows at once and the comment survives failures and reloads.
        if (owner.isDestroyed) return;
        const localId = sending.postThread(body, [...files.uploads, ...diagnostics], clipFiles.clips);
        deps.drafts.clearDraft(NEW_THREAD);
        store.pendingPin.value = null;
        attachments.clearAttachments(NEW_THREAD);
        clips.clearClip();
        screenshots.sendScreenshotOf((shot) => sending.attachScreenshot(localId, shot));
        if (store.mode.peek() === 'composing') store.mode.value = 'idle';
      } catch (error) {
        if (owner.isDestroyed) return;
        composer.error.value = report(error, 'post');
      } finally {
        composer.posting.value = false;
      }
    },
  };
}
