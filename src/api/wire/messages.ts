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
  /** Decided extra (issue 17): the recording's type, video/mp4 or video/webm. */
  mimeType?: string;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
}

/** Decided (§4.3 leaves it "not shown"): a clip uploaded as a message_attachment of a video, with its title and frame size. */
export interface VideoClipRequest {
  fileId: string;
  /** Default "Screen recording". */
  title?: string;
  width: number;
  height: number;
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
  clipVideos?: VideoClipRequest[];
}

export interface UpdateMessageRequest extends CreateMessageRequest {
  priority?: number;
}

/** Decided: a reference returned by upload-complete. */
export interface MessageRequestAttachment {
  fileId: string;
}
