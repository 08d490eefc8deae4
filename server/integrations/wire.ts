/**
 * The shapes of the integration endpoints (docs/api-decisions.md, "Integrations"), as the review
 * app's settings page reads them. Plain types, no imports, so the app can import them too. Secrets
 * never travel back: `secrets` holds masked hints (`••••abcd`) of what is stored.
 */

export type IntegrationKindName = 'slack' | 'github' | 'linear' | 'jira';

export type IntegrationJobStatus = 'pending' | 'done' | 'failed' | 'cancelled';

/** One attempt's record, newest first in `recent`. */
export interface IntegrationJobRecord {
  id: string;
  threadId: string | null;
  kind: string;
  status: IntegrationJobStatus;
  attempts: number;
  /** ISO 8601: when it is due again (pending). */
  nextAttemptAt: string | null;
  lastError: string | null;
  outcome: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface IntegrationSummary {
  id: string;
  kind: IntegrationKindName;
  name: string;
  enabled: boolean;
  settings: Record<string, unknown>;
  /** Masked: which secrets are stored, and their last four characters. */
  secrets: Record<string, string>;
  /** Where the service's webhook posts (trackers), absolute. */
  inboundUrl: string | null;
  /** ok: the last finished job succeeded; failing: it gave up; retrying: a failed job waits for its next attempt. */
  health: 'ok' | 'retrying' | 'failing' | 'idle';
  pendingJobs: number;
  failedJobs: number;
  /** The last 20 jobs. */
  recent: IntegrationJobRecord[];
  createdAt: string;
  modifiedAt: string;
}

export interface IntegrationTestResult {
  ok: boolean;
  /** What the service answered, in words. */
  message: string;
}
