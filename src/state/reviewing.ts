/**
 * Everything a reviewer needs to write: the new-comment flow, its screenshot, attachments, uploads,
 * replies and edits, and the reading of diagnostics files. A lazy chunk (see actions.ts): a visitor who only looks at
 * pins never downloads it; it starts loading when comment mode starts or a thread opens.
 */
import { createAttachmentActions } from './attachment-actions';
import { createComposeActions, type DiagnosticsSource } from './compose-actions';
import { createDiagnosticsActions } from './diagnostics-summary';
import type { DraftActions } from './draft-actions';
import { createMessageActions } from './message-actions';
import type { Sending } from './sending';
import { createScreenshotActions, type ScreenshotConfig } from './screenshot-actions';
import type { ThreadActionDeps } from './thread-actions';
import type { ViewModeBreakpoints } from './view-mode';

export interface ReviewingDeps extends ThreadActionDeps {
  markupId: string;
  breakpoints?: ViewModeBreakpoints;
  screenshot: ScreenshotConfig;
  diagnostics?: DiagnosticsSource | null;
  /** Reloads the markup (a 403 usually means new comments were paused meanwhile). */
  reload: () => Promise<void>;
  drafts: DraftActions;
  /** The outbox every new comment and reply goes through (send-control.ts). */
  sending: () => Promise<Sending>;
}

export type ReviewingActions = ReturnType<typeof createReviewingActions>;

export function createReviewingActions(deps: ReviewingDeps) {
  const { store, owner, report, markupId } = deps;
  const screenshots = createScreenshotActions({ store, owner, config: deps.screenshot, report, sending: deps.sending });
  const attachments = createAttachmentActions({ store, owner, markupId, report, sending: deps.sending });
  return {
    ...screenshots,
    ...attachments,
    ...createDiagnosticsActions({ store }),
    ...createComposeActions({ ...deps, screenshots, attachments }),
    ...createMessageActions({ ...deps, attachments }),
  };
}
