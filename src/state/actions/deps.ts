/**
 * What the action groups are built from, declared apart from the groups so that a group can name
 * another's needs without importing it (reviewing.ts builds compose-actions.ts, which needs the
 * same things): the one place a group's dependencies are spelled.
 */
import type { ApiClient } from '../../api/client';
import type { ListenerCollection } from '../../util/listener-collection';
import type { EmitFn } from '../model/events';
import type { WidgetError } from '../model/shapes';
import type { Store } from '../model/store';
import type { ControllerConfig } from '../model/config';
import type { Sending } from '../services/sending';
import type { DraftActions } from './draft-actions';

/** What every group of actions works with. */
export interface ActionDeps {
  store: Store;
  /** Sends the session's token and renews it once on a 401 (api/client.ts `withCredential`). */
  api: ApiClient;
  owner: ListenerCollection;
  emit: EmitFn;
  report: (error: unknown, context: string) => WidgetError;
}

/** The host's diagnostics (console errors, failed requests), when it consented to sending them. */
export interface DiagnosticsSource {
  file(): Promise<{ blob: Blob; filename: string } | null>;
}

/** What the writing tools share (reviewing.ts and every group it builds). */
export interface ReviewingDeps extends ActionDeps {
  markupId: string;
  breakpoints?: ControllerConfig['viewModeBreakpoints'];
  screenshot: NonNullable<ControllerConfig['screenshot']>;
  diagnostics?: DiagnosticsSource | null;
  /** Reloads the markup (a 403 usually means new comments were paused meanwhile). */
  reload: () => Promise<void>;
  drafts: DraftActions;
  /** The outbox every new comment and reply goes through (send-control.ts). */
  sending: () => Promise<Sending>;
}
