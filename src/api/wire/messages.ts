/**
 * Wire types of messages: the message a thread carries (with attachments and video clips) and
 * the create and update requests.
 */
import type { EpochMs } from './common';
import type { Delta } from './delta';
import type { AuthorUser, UserMetaData } from './users';

export interface Attachment {
  id: string;
  messageId: string;
  url: string;
  etag: string;
  mimeType: string;
  originalFilename: string;
  filesize: number;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
}

export interface VideoClip {
  id: string;
  messageId: string;
  title: string;
  sharedUrl: string;
  width: number;
  height: number;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
}

/** Scopes the server grants the caller on a message. */
export type MessageScope = 'update-message' | 'delete-message';

export interface MessageResponse {
  id: string;
  threadId: string;
  /** Plain text derived from messageJson. */
  message: string;
  messageJson: Delta;
  /** Plain text; equal to `message` (kept for clients that read `content`). */
  content: string;
  mentionIds: string[];
  scopes: string[];
  assignedRoleSlugs: string[];
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  user: AuthorUser;
  userMetaData: UserMetaData;
  attachments: Attachment[];
  clipVideos: VideoClip[];
}

export interface CreateMessageRequest {
  content?: string;
  mentionIds?: string[];
  message?: Delta;
  attachments?: MessageRequestAttachment[];
  clipVideos?: unknown[];
}

export interface UpdateMessageRequest extends CreateMessageRequest {
  priority?: number;
}

/** Decided: a reference returned by upload-complete. */
export interface MessageRequestAttachment {
  fileId: string;
}
