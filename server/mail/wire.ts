/**
 * The shapes of the e-mail notification endpoints (docs/api-decisions.md, "E-mail notifications"):
 * what a member chooses to receive, a kept mail as GET /mail lists it for the demo's Mail page, and
 * an e-mail that could not be delivered as GET /mail/problems lists it.
 * Plain types, no imports, so the review app can import them too.
 */

/** Each flag turns one reason for an e-mail on. */
export interface NotificationSettings {
  /** Someone mentioned me. */
  mentions: boolean;
  /** A thread was assigned to me. */
  assigned: boolean;
  /** Replies and resolutions in threads I started or answered. */
  participating: boolean;
  /** New threads, replies and resolutions anywhere in the workspace. */
  allThreads: boolean;
}

export interface KeptMail {
  id: string;
  threadId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** How many events this one e-mail gathers (batching). */
  events: number;
  status: 'kept' | 'sent';
  /** ISO 8601. */
  at: string;
}

/** An e-mail the worker could not deliver: still being retried, or given up. */
export interface MailProblem {
  id: string;
  threadId: string;
  /** The recipient's address (as it is now). */
  to: string;
  status: 'retrying' | 'failed';
  attempts: number;
  /** What the last attempt answered (the SMTP server's words). */
  lastError: string;
  /** ISO 8601: the next attempt (retrying) or when it was given up (failed). */
  at: string;
}
