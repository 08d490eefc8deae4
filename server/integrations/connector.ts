/**
 * The connector interface every integration kind implements (slack.ts, github.ts, linear.ts,
 * jira.ts), so the worker, the routes and the inbound webhook handle them alike: what a connector
 * is configured with (zod, split into settings shown back and secrets never shown), what it does
 * for each queued job, a test message, and, for trackers, how it reads and verifies the service's
 * webhook (the state flowing back to the thread).
 */
import type { z } from 'zod';
import type { SendRequest } from './http.ts';

export type IntegrationKind = 'slack' | 'github' | 'linear' | 'jira';
export type JobKind = 'thread_created' | 'reply_created' | 'thread_resolved' | 'thread_unresolved' | 'test';

/** What a thread is, in words and links a remote service can show. */
export interface ThreadContent {
  id: string;
  number: number;
  /** The first message's first line, shortened. */
  title: string;
  /** The first message as plain text. */
  text: string;
  authorName: string;
  markupName: string;
  pageUrl: string | null;
  /** The CSS path of the element the pin is on. */
  element: string | null;
  /** Browser, OS, viewport, in one line each. */
  browser: string[];
  diagnosticsUrl: string | null;
  screenshotUrl: string | null;
  /** The thread in the review app. */
  appLink: string;
  resolved: boolean;
}

export interface MessageContent {
  id: string;
  authorName: string;
  text: string;
}

/** The thread's issue in the tracker, once created. */
export interface ExternalLink {
  externalId: string;
  externalKey?: string | null;
  externalUrl?: string | null;
}

export interface JobContext<Settings, Secrets> {
  kind: JobKind;
  settings: Settings;
  secrets: Secrets;
  thread: ThreadContent;
  message?: MessageContent;
  link?: ExternalLink;
  send: SendRequest;
}

export interface JobResult {
  /** For the review app: "issue #12 created", "skipped: no issue for this thread". */
  outcome: string;
  /** A new issue to remember for the thread. */
  link?: ExternalLink;
}

/** The request a service's webhook made, as the inbound route read it. */
export interface InboundRequest {
  header(name: string): string | undefined;
  rawBody: string;
}

export type InboundResult =
  | { verified: false; reason: string }
  /** `change` absent: a delivery that means nothing to us (another event, a ping). */
  | { verified: true; deliveryId: string; change?: InboundChange };

export interface InboundChange {
  externalId: string;
  state: 'closed' | 'open';
  /** The service's time of the change, from the signed payload. */
  at: number;
}

export interface Connector<Settings = unknown, Secrets = unknown> {
  kind: IntegrationKind;
  settingsSchema: z.ZodType<Settings>;
  secretsSchema: z.ZodType<Secrets>;
  /** Does this kind act on this job (Slack leaves out resolutions it has no message for, say)? */
  handles(kind: JobKind): boolean;
  run(context: JobContext<Settings, Secrets>): Promise<JobResult>;
  /** Trackers only: verify and read a webhook delivery. */
  inbound?(request: InboundRequest, secrets: Secrets, settings: Settings, now: number): InboundResult;
}
