/**
 * Wire types of the review app's workspace-wide inbox and triage (issue 16; decided, not in the
 * spec: docs/api-decisions.md, "Review app"). The inbox lists short records, enough to draw a row
 * and filter; a thread is opened with `GET /threads/:id` as everywhere else.
 */
import type { EpochMs } from './common';
import type { ViewModeCategory } from './threads';

export type InboxStatus = 'open' | 'resolved' | 'all';

/** `GET /inbox`: every filter combines with the others (AND). */
export interface InboxQuery {
  /** Organization API keys name the workspace; members and workspace keys have theirs. */
  workspaceId?: string;
  /** Default `open`. */
  status?: InboxStatus;
  markupId?: string;
  /** Threads on pages whose canonical URL starts with this. */
  url?: string;
  authorId?: string;
  /** A member's user id, `me` (the signed-in member) or `none` (unassigned). */
  assignee?: string;
  /** `true`: threads where a message mentions the signed-in member. */
  mentionsMe?: boolean;
  /** `true`: threads with activity the signed-in member has not seen. */
  unread?: boolean;
  hasScreenshot?: boolean;
  hasDiagnostics?: boolean;
  device?: ViewModeCategory;
  label?: string;
  /** Created at or after / before (epoch ms). */
  from?: EpochMs;
  to?: EpochMs;
  /** Words searched in every message (prefixes match: `check` finds "checkout"); `#12` finds thread 12. */
  q?: string;
  cursorId?: string;
  /** 1–100, default 50. */
  limit?: number;
}

export interface InboxPerson {
  id: string;
  name: string;
}

export interface InboxThread {
  id: string;
  number: number;
  markupId: string;
  markupName: string;
  resolved: boolean;
  createdAt: EpochMs;
  lastActivityAt: EpochMs;
  author: InboxPerson;
  assignee: InboxPerson | null;
  priority: number | null;
  labels: string[];
  /** The page (canonical URL) and the device class it was written on. */
  canonicalUrl: string;
  viewModeId: string;
  /** The first message's plain text, at most 200 characters. */
  title: string;
  messageCount: number;
  /** The newest message, when it is not the first. */
  lastMessage: { author: InboxPerson; excerpt: string; createdAt: EpochMs } | null;
  hasScreenshot: boolean;
  hasDiagnostics: boolean;
  /** Whether there is activity the caller has not seen (always false for API keys). */
  unread: boolean;
  userMetaData: { lastSeenAt: EpochMs | null };
}

export interface InboxResponse {
  threads: InboxThread[];
  /** How many threads match the filters in all. */
  total: number;
  /** Cursor of the next page; null on the last. */
  cursorId: string | null;
}

/** `PATCH /threads/:id/triage`: each field present is set; `null` clears. */
export interface TriageRequest {
  /** A member of the thread's workspace. */
  assigneeId?: string | null;
  /** 0–1000, as the spec's `priority`. */
  priority?: number | null;
  /** At most 10 labels of 1–40 characters; duplicates (ignoring case) are dropped. */
  labels?: string[];
}

export interface TriageResponse {
  threadId: string;
  assigneeId: string | null;
  priority: number | null;
  labels: string[];
  modifiedAt: EpochMs;
}

/** `POST /threads/:id/seen`: the caller has seen the thread as it is now. */
export interface SeenResponse {
  threadId: string;
  lastSeenAt: EpochMs;
}

/** `POST /threads/:id/move`: the thread goes to another webpage markup of its workspace. */
export interface MoveThreadRequest {
  markupId: string;
}

export interface MoveThreadResponse {
  threadId: string;
  /** The markup it is on now. */
  projectId: string;
  /** Its number there (numbers count per markup). */
  number: number;
  modifiedAt: EpochMs;
}
