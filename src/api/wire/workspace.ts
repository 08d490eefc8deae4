/**
 * Wire types of the workspace and its users (§4.6, §4.7): the workspace, members and invitations,
 * roles, external users, and (decided, issue 16) the installations the review app shows.
 */
import type { EpochMs } from './common';

export interface WorkspaceResponse {
  id: string;
  name: string;
  rootFolderId: string;
  archiveFolderId: string;
}

/** Decided: GET/POST/PATCH /workspace answer the §2.5 fields plus the slug PATCH may set. */
export interface WorkspaceDetailsResponse extends WorkspaceResponse {
  /** null until set with PATCH /workspace. */
  slug: string | null;
  /** Extra, once an icon is set: a signed, expiring read URL of the workspace's icon (a completed workspace_icon upload). */
  iconUrl?: string;
}

export interface CreateWorkspaceRequest {
  name: string;
}

/** At least one of name and slug; organization keys also name the workspace (body or query). */
export interface UpdateWorkspaceRequest {
  name?: string;
  slug?: string;
  workspaceId?: string;
}

/** Decided: the full role set (§4.7 gives these as examples). */
export const WORKSPACE_ROLES = ['owner', 'admin', 'contributor', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** A member of the workspace (GET /users). Times are epoch ms, like users embedded in threads. */
export interface WorkspaceUserResponse {
  id: string;
  email: string | null;
  name: string;
  role: WorkspaceRole;
  avatarUrl: string | null;
  /** `idp`: signed in through an identity provider; `member`: joined by invitation. */
  kind: 'member' | 'idp';
  emailVerified: boolean;
  createdAt: number;
  modifiedAt: number;
}

/** An invitation not yet accepted. */
export interface WorkspaceInvitationResponse {
  id: string;
  email: string;
  message: string | null;
  invitedByUserId: string | null;
  createdAt: number;
}

/** Decided: GET /users answers 200 with members and pending invitations (the sample's 204 cannot list). */
export interface ListWorkspaceUsersResponse {
  users: WorkspaceUserResponse[];
  invitations: WorkspaceInvitationResponse[];
}

export interface InviteUsersRequest {
  emails: string[];
  message?: string;
}

export interface ChangeUserRoleRequest {
  role: WorkspaceRole;
}

export interface CreateExternalUserRequest {
  externalId: string;
  name?: string;
  email?: string;
  avatarUrl?: string;
  avatarFileId?: string;
}

/** Omitted fields stay; `null` clears email, avatarUrl or avatarFileId. */
export interface UpdateExternalUserRequest {
  name?: string;
  email?: string | null;
  avatarUrl?: string | null;
  avatarFileId?: string | null;
}

/** Decided: GET /users/external/:externalId answers 200 with this (the sample's 204 cannot read). */
export interface ExternalUserResponse {
  id: string;
  externalId: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
  avatarFileId: string | null;
  createdAt: number;
  modifiedAt: number;
}

/** Decided (issue 16): an installation as the review app shows it, `GET /installations`. */
export interface InstallationSummary {
  id: string;
  /** The `data-public-key` of the site's `<script>` tag. */
  publicKey: string;
  /** Exact origins (`https://www.example.com`) whose widget may sign reviewers in. */
  allowedOrigins: string[];
  /** Issue 18: visitors may report as guests (a name and an e-mail address); off by default. */
  guestReporting: boolean;
  /** New threads all guests of the installation may start per UTC day. */
  guestDailyThreadCap: number;
  createdAt: EpochMs;
}

export interface ListInstallationsResponse {
  installations: InstallationSummary[];
}

/** `POST /installations/:id/origins`: an http(s) origin; a URL is cut to its origin. */
export interface AllowOriginRequest {
  origin: string;
}
