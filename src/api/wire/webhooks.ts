/**
 * Wire types of webhook registrations and the events delivered to them (§2.7, §4.10, §6).
 */
import type { EpochMs, Iso8601 } from './common';
import type { Delta } from './delta';
import type { ProjectReviewResponse } from './markups';

/**
 * §2.7's WebhookEventType plus `markup_ready`, which §6 names but the list leaves out (decided: it
 * can be subscribed to like the others).
 */
export const WEBHOOK_EVENT_TYPES = [
  'comment_created',
  'comment_updated',
  'comment_resolved',
  'comment_unresolved',
  'markup_created',
  'comment_reply_created',
  'markup_status_changed',
  'set_project_read_only',
  'project_review_created',
  'markup_ready',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookRegistrationResponse {
  id: string;
  createdAt: Iso8601;
  modifiedAt: Iso8601;
  deletedAt: Iso8601 | null;
  url: string;
  workspaceId: string;
  /** Decided: `[]` means every event type, including ones added later. */
  eventTypes: WebhookEventType[];
  enabled: boolean;
  /** Standard Webhooks secret, `whsec_` + base64 of 32 random bytes. */
  signingKey: string;
}

export interface CreateWebhookRegistrationRequest {
  url: string;
  workspaceId: string;
  eventTypes?: WebhookEventType[];
  enabled: boolean;
}

export interface UpdateWebhookRegistrationRequest {
  url: string;
  /** Decided: omitted leaves the list unchanged. */
  eventTypes?: WebhookEventType[];
  enabled: boolean;
}

export interface ListWebhookRegistrationsResponse {
  data: WebhookRegistrationResponse[];
}

/** Decided: a person as events show them (the thread and message authors, whoever acted). */
export interface WebhookUser {
  id: string;
  name: string;
  email: string | null;
  guest: boolean;
}

export interface WebhookThread {
  id: string;
  projectId: string;
  number: number;
  resolved: boolean;
  /** The page of a webpage thread; null on image, video and PDF threads. */
  url: string | null;
  canonicalUrl: string | null;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  user: WebhookUser;
  /** Decided (issue 17): where an image, video or PDF thread's pin is; absent on webpage threads. */
  projectImageId?: string;
  pageNumber?: number | null;
  startTime?: number | null;
  endTime?: number | null;
}

export interface WebhookMessage {
  id: string;
  threadId: string;
  /** Plain text, as `MessageResponse.message`. */
  message: string;
  messageJson: Delta;
  mentionIds: string[];
  attachmentCount: number;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  user: WebhookUser;
}

export interface WebhookMarkup {
  id: string;
  workspaceId: string;
  type: string;
  name: string;
  url: string | null;
  readOnly: boolean;
  status: string;
}

/** `data` of comment_* events; `message` is absent for comment_resolved / comment_unresolved. */
export interface WebhookCommentData {
  markup: WebhookMarkup;
  thread: WebhookThread;
  message?: WebhookMessage;
  actor: WebhookUser;
}

/** `data` of markup and project events. */
export interface WebhookMarkupData {
  markup: WebhookMarkup;
  actor: WebhookUser | null;
  /** project_review_created only. */
  review?: ProjectReviewResponse;
}

/** Decided: the JSON body of every delivery (the Standard Webhooks recommended envelope). */
export interface WebhookEvent<T = WebhookCommentData | WebhookMarkupData> {
  /** Also the `webhook-id` header; the same on every retry. */
  id: string;
  type: WebhookEventType;
  /** When the operation happened. */
  timestamp: Iso8601;
  workspaceId: string;
  data: T;
}
