/**
 * The reviewer's writing tools (reviewing.ts: the new-comment flow, screenshots, attachments,
 * replies, edits) arrive as a lazy chunk. Until they are here their actions wait for them, so the UI
 * can call `placePin` or `reply` at any time; a chunk that cannot be downloaded is reported once
 * per attempt and tried again on the next call.
 */
import type { ReviewingActions, ReviewingDeps } from './reviewing';
import type { MentionCandidate, Store } from '../model/store';
import { lazyGroup, type Deferred } from './lazy-group';

export interface WritingToolDeps extends ReviewingDeps {
  /** A part of the UI or the writing tools could not be downloaded. */
  partFailed(error: unknown): void;
  store: Store;
}

/** Read synchronously by the composer and the annotator, or answered before the chunk is here. */
type AnsweredNow = 'screenshotsEnabled' | 'recordingSupported' | 'screenshotForAnnotation' | 'loadMentionCandidates';
/** What the UI may call at any time: every writing action but those answered now. */
export type WritingActions = Deferred<Omit<ReviewingActions, AnsweredNow>>;

export function createWritingTools(deps: WritingToolDeps) {
  const { store } = deps;
  const tools = lazyGroup(
    () => import('./reviewing'),
    ({ createReviewingActions }) => createReviewingActions(deps),
    (error) => deps.partFailed(error),
  );

  return {
    /** Starts the download (comment mode, an open thread, a restored draft). Never rejects. */
    preload(): void {
      tools.load().catch(() => {
        /* the action that needs it reports the failure */
      });
    },

    /** placePin, reply, createThread…: run now when the tools are here, after they arrive otherwise. */
    deferred: tools.deferred as WritingActions,

    actions: {
      /** People to @mention: at once when known, else after GET /markups/:id/tag (empty on failure). */
      mentionCandidates(): MentionCandidate[] | Promise<MentionCandidate[]> {
        const known = store.mentionCandidates.peek();
        if (known) return known;
        return tools
          .load()
          .then((loaded) => loaded.loadMentionCandidates())
          .then((loaded) => {
            // The editor says "Could not load people" for a rejection; the next `@` asks again.
            if (!loaded) throw new Error('mention candidates unavailable');
            return store.mentionCandidates.peek() ?? [];
          });
      },
      /** Only asked by the composer and the annotator, which exist after placePin brought the tools. */
      screenshotsEnabled: (): boolean => tools.loaded()?.screenshotsEnabled() ?? deps.screenshot.enabled !== false,
      screenshotForAnnotation: () => tools.loaded()?.screenshotForAnnotation() ?? null,
      /** Record is offered only once the tools are here (the composer exists after placePin brought them). */
      recordingSupported: (): boolean => tools.loaded()?.recordingSupported() ?? false,
    },
  };
}
