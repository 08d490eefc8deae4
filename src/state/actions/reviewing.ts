/**
 * Everything a reviewer needs to write: the new-comment flow, its screenshot, attachments, uploads,
 * replies and edits, and the reading of diagnostics files. A lazy chunk (see writing-tools.ts): a
 * visitor who only looks at pins never downloads it; it starts loading when comment mode starts or
 * a thread opens.
 */
import { createAttachmentActions } from './attachment-actions';
import { createClipActions } from './clip-actions';
import { createComposeActions } from './compose-actions';
import { createDiagnosticsActions } from './diagnostics-summary';
import { createMessageActions } from './message-actions';
import { createScreenshotActions } from './screenshot-actions';
import type { ReviewingDeps } from './deps';

export type { ReviewingDeps } from './deps';

export type ReviewingActions = ReturnType<typeof createReviewingActions>;

export function createReviewingActions(deps: ReviewingDeps) {
  const { store, owner, report, markupId } = deps;
  const screenshots = createScreenshotActions({
    store,
    owner,
    config: deps.screenshot,
    report,
    sending: deps.sending,
    relayImage: deps.api.relayImage,
  });
  const attachments = createAttachmentActions({ store, owner, markupId, report, sending: deps.sending });
  const clips = createClipActions({ store, owner, markupId, report, sending: deps.sending, attachments });
  return {
    ...screenshots,
    ...attachments,
    ...clips,
    ...createDiagnosticsActions({ store }),
    ...createComposeActions({ ...deps, screenshots, attachments, clips }),
    ...createMessageActions({ ...deps, attachments }),
  };
}
