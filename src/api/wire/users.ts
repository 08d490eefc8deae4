/**
 * Wire types of users as threads and messages embed them: the author and `userMetaData`.
 */
import type { EpochMs } from './common';

export interface AuthorUser {
  id: string;
  name: string;
  guest: boolean;
  createdAt: EpochMs;
  modifiedAt: EpochMs;
  email?: string;
  avatarUrl?: string | null;
}

export interface UserMetaData {
  lastSeenAt: EpochMs | null;
}
