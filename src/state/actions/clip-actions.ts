/**
 * A screen recording of the tab on the new comment (issue 17): Record opens the browser's own
 * prompt (the recorder is a chunk loaded on that press), the store says while it runs, and the clip
 * is queued as an upload the moment it ends — it waits in IndexedDB like an attached file, comes
 * back to the composer after a reload, and is sent as the comment's `clipVideos`. Only one clip per
 * comment; posting never waits for a recording to be finished by hand (the composer is hidden while
 * it runs), only for the clip's upload, behind which the comment is queued.
 */
import type { VideoClipRequest } from '../../api/wire';
import type { TabRecording } from '../../capture/record/tab-recorder';
import { canRecordTab } from '../../capture/record/support';
import type { ListenerCollection } from '../../util/listener-collection';
import { widgetError } from '../model/errors';
import type { ClipUpload } from '../model/send-kinds';
import { clipKey, NEW_THREAD, type AttachmentDraft, type WidgetError } from '../model/shapes';
import type { Store } from '../model/store';
import type { Sending } from '../services/sending';
import type { AttachmentActions } from './attachment-actions';
import { recordingTab } from './lazy-parts';

export interface ClipActionDeps {
  store: Store;
  owner: ListenerCollection;
  markupId: string;
  sending: () => Promise<Sending>;
  report: (error: unknown, context: string) => WidgetError;
  attachments: AttachmentActions;
}

const CLIP_NAME = 'screen-recording.webm';
const KEY = clipKey(NEW_THREAD);

export function createClipActions({ store, owner, markupId, sending, report, attachments }: ClipActionDeps) {
  const { recording } = store.composer;
  let running: TabRecording | null = null;
  owner.own(() => {
    running?.destroy();
    running = null;
  });

  const clipDrafts = (): AttachmentDraft[] => store.attachments.peek()[KEY] ?? [];
  const busy = () => ['starting', 'recording'].includes(recording.peek().status);

  async function keepClip(clip: { blob: Blob; width: number; height: number }): Promise<void> {
    const outbox = await sending();
    if (owner.isDestroyed) return;
    const { blob, width, height } = clip;
    const base = { composer: KEY, name: CLIP_NAME, type: blob.type, size: blob.size, width, height };
    const id = outbox.upload({ ...base, blob, resourceType: 'message_attachment', resourceId: markupId });
    // No preview player: a blob: video is refused by many host pages' media-src; the chip says what it is.
    const { composer: _key, ...shown } = base;
    store.attachments.value = { ...store.attachments.peek(), [KEY]: [{ id, ...shown, status: 'uploading' }] };
  }

  return {
    /** Whether Record is offered: the browser can record a tab (never on touch-only devices, see the UI). */
    recordingSupported: (): boolean => canRecordTab(),

    /** Opens the browser's prompt and records until stopped; `leaveOut` is the widget's host element. */
    async startRecording(leaveOut?: Element): Promise<void> {
      if (busy() || store.mode.peek() !== 'composing' || clipDrafts().length > 0) return;
      recording.value = { status: 'starting' };
      try {
        const { startTabRecording } = await recordingTab.load();
        const started = await startTabRecording({ leaveOut });
        if (owner.isDestroyed || store.mode.peek() !== 'composing' || recording.peek().status !== 'starting') {
          // The composer went away (or Remove was pressed) while the browser's prompt was open.
          started.destroy();
          if (!owner.isDestroyed && recording.peek().status === 'starting') recording.value = { status: 'idle' };
          return;
        }
        running = started;
        recording.value = { status: 'recording', startedAt: started.startedAt, maxMs: started.maxMs };
        const { clip } = await started.finished;
        running = null;
        if (owner.isDestroyed) return;
        recording.value = { status: 'idle' };
        // A composer closed meanwhile (comment mode left, the page changed) takes no clip.
        if (store.mode.peek() === 'composing') await keepClip(clip);
      } catch (error) {
        running = null;
        if (owner.isDestroyed) return;
        const code = (error as { code?: string } | null)?.code;
        if (code === 'cancelled') recording.value = { status: 'idle' };
        else {
          report(error, 'recording');
          const message = error instanceof Error ? error.message : '';
          recording.value = {
            status: 'failed',
            error: widgetError(code === 'unsupported' ? 'recording_unsupported' : 'recording_failed', message),
          };
        }
      }
    },

    /** Ends the recording; the clip is kept (and starts uploading). */
    stopRecording(): void {
      running?.stop();
    },

    /** Drops the recording in progress and the clip (cancelling the composer, or Remove). */
    discardClip(): void {
      running?.destroy();
      running = null;
      if (recording.peek().status !== 'idle') recording.value = { status: 'idle' };
      for (const draft of clipDrafts()) attachments.removeAttachment(KEY, draft.id);
    },

    /** What the new comment carries: clips already stored and the uploads it waits for, or why it cannot. */
    clipsReady(): { clipVideos: VideoClipRequest[]; clips: ClipUpload[] } | { error: WidgetError } {
      const drafts = clipDrafts().filter((draft) => draft.width && draft.height);
      const failed = drafts.find((draft) => draft.status === 'failed');
      if (failed) return { error: { ...widgetError('attachment_failed', failed.name), cause: failed.error } };
      const frame = (draft: AttachmentDraft) => ({ width: draft.width!, height: draft.height! });
      return {
        clipVideos: drafts.flatMap((d) => (d.status === 'uploaded' && d.fileId ? [{ fileId: d.fileId, ...frame(d) }] : [])),
        clips: drafts.flatMap((d) => (d.status === 'uploading' ? [{ upload: d.id, ...frame(d) }] : [])),
      };
    },

    /** After posting: the comment owns the clip's upload now. */
    clearClip(): void {
      attachments.clearAttachments(KEY);
      if (recording.peek().status === 'failed') recording.value = { status: 'idle' };
    },
  };
}
