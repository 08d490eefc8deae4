/**
 * Everything a reviewer needs to write: the new-comment flow, its screenshot, attachments, uploads
 * and the reading of diagnostics files. A lazy chunk (see actions.ts): a visitor who only looks at
 * pins never downloads it; it starts loading when comment mode starts or a thread opens.
 */
import type { ApiClient } from '../api/client';
import type { ListenerCollection } from '../util/listener-collection';
import { createAttachmentActions } from './attachment-actions';
import { createComposeActions, type DiagnosticsSource } from './compose-actions';
import { createDiagnosticsActions } from './diagnostics-summary';
import type { EmitFn } from './events';
import { createScreenshotActions, type ScreenshotConfig } from './screenshot-actions';
import type { Store, WidgetError } from './store';
import { createUploader } from './uploads';
import type { ViewModeBreakpoints } from './view-mode';

export interface ReviewingDeps {
  store: Store;
  api: ApiClient;
  owner: ListenerCollection;
  emit: EmitFn;
  report: (error: unknown, context: string) => WidgetError;
  authed: <T>(call: () => Promise<T>) => Promise<T>;
  markupId: string;
  breakpoints?: ViewModeBreakpoints;
  screenshot: ScreenshotConfig;
  diagnostics?: DiagnosticsSource | null;
  reload: () => Promise<void>;
}

export type ReviewingActions = ReturnType<typeof createReviewingActions>;

export function createReviewingActions(deps: ReviewingDeps) {
  const { store, api, owner, report, authed, markupId } = deps;
  const uploader = createUploader({ api, authed });
  const screenshots = createScreenshotActions({ store, owner, uploader, config: deps.screenshot, report });
  const attachments = createAttachmentActions({ store, owner, uploader, markupId, report });
  return {
    ...screenshots,
    ...attachments,
    ...createDiagnosticsActions({ store }),
    ...createComposeActions({ ...deps, uploader, screenshots, attachments }),
  };
}
