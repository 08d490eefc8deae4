/**
 * The reviewer's writing tools (reviewing.ts: the new-comment flow, screenshots, attachments,
 * replies, edits) arrive as a lazy chunk. Until they are here their actions wait for them, so the UI
 * can call `placePin` or `reply` at any time; a chunk that cannot be downloaded is reported once
 * per attempt and tried again on the next call.
 */
import { reviewing } from './lazy-parts';
import type { ReviewingActions, ReviewingDeps } from './reviewing';
import type { MentionCandidate, Store } from './store';

export interface WritingToolDeps extends ReviewingDeps {
  /** A part of the UI or the writing tools could not be downloaded. */
  partFailed(error: unknown): void;
  store: Store;
}

export function createWritingTools(deps: WritingToolDeps) {
  const { store } = deps;
  let writing: ReviewingActions | null = null;
  const load = (): Promise<ReviewingActions> =>
    reviewing.load().then(({ createReviewingActions }) => (writing ??= createReviewingActions(deps)));

  /** An action of the writing tools: runs now when they are here, after they arrive otherwise. */
  function deferred<K extends keyof ReviewingActions>(name: K) {
    return (...args: Parameters<ReviewingActions[K]>): void => {
      const run = (tools: ReviewingActions) => (tools[name] as (...a: typeof args) => unknown)(...args);
      if (writing) void run(writing);
      else load().then(run, (error: unknown) => deps.partFailed(error));
    };
  }

  return {
    /** Starts the download (comment mode, an open thread, a restored draft). Never rejects. */
    preload(): void {
      load().catch(() => {
        /* the action that needs it reports the failure */
      });
    },

    actions: {
      placePin: deferred('placePin'),
      reply: deferred('reply'),
      startEdit: deferred('startEdit'),
      cancelEdit: deferred('cancelEdit'),
      saveEdit: deferred('saveEdit'),
      deleteMessage: deferred('deleteMessage'),
      cancelComposer: deferred('cancelComposer'),
      createThread: deferred('createThread'),
      takeScreenshot: deferred('takeScreenshot'),
      cancelScreenshot: deferred('cancelScreenshot'),
      removeScreenshot: deferred('removeScreenshot'),
      openAnnotator: deferred('openAnnotator'),
      closeAnnotator: deferred('closeAnnotator'),
      applyAnnotations: deferred('applyAnnotations'),
      retryScreenshotUploads: deferred('retryScreenshotUploads'),
      addAttachments: deferred('addAttachments'),
      retryAttachment: deferred('retryAttachment'),
      removeAttachment: deferred('removeAttachment'),
      loadDiagnostics: deferred('loadDiagnostics'),

      /** People to @mention: at once when known, else after GET /markups/:id/tag (empty on failure). */
      mentionCandidates(): MentionCandidate[] | Promise<MentionCandidate[]> {
        const known = store.mentionCandidates.peek();
        if (known) return known;
        return load()
          .then((tools) => tools.loadMentionCandidates())
          .then((loaded) => {
            // The editor says "Could not load people" for a rejection; the next `@` asks again.
            if (!loaded) throw new Error('mention candidates unavailable');
            return store.mentionCandidates.peek() ?? [];
          });
      },
      /** Only asked by the composer and the annotator, which exist after placePin brought the tools. */
      screenshotsEnabled: (): boolean => writing?.screenshotsEnabled() ?? deps.screenshot.enabled !== false,
      screenshotForAnnotation: () => writing?.screenshotForAnnotation() ?? null,
    },
  };
}
