/**
 * OpenAPI rows of guest reporting (issue 18, decided: docs/api-decisions.md, "Guest reporting"): the
 * widget's challenge and guest sign-in, the team's view and block of a guest, and an installation's
 * guest settings.
 */
import { guestChallengeSchema, guestSignInSchema, updateInstallationSchema } from '../schemas/guests.ts';
import { workspaceIdQuerySchema } from '../schemas/workspace-users.ts';
import { ok } from './rows.ts';
import type { RouteDoc } from './types.ts';

export const guestRoutesDoc: RouteDoc[] = [
  {
    method: 'post',
    path: '/auth/guest/challenge',
    operationId: 'guestChallenge',
    summary: 'A signed challenge for a guest sign-in: a small proof of work, and not answerable sooner than 2 s',
    tag: 'auth',
    auth: 'public',
    body: guestChallengeSchema,
    success: ok('GuestChallengeResponse'),
    errors: [403, 404, 429],
    description: '403 `guests_disabled` when the installation does not take guests.',
  },
  {
    method: 'post',
    path: '/auth/guest',
    operationId: 'guestSignIn',
    summary:
      "A visitor reports as a guest: a name, an e-mail address and the solved challenge give an exchange token for the guest's own threads",
    tag: 'auth',
    auth: 'public',
    body: guestSignInSchema,
    success: ok('GuestSignInResponse'),
    errors: [400, 403, 404, 409, 429],
    description:
      'Refusals: `guests_disabled`, `guest_blocked` (403); `challenge_invalid`, `challenge_expired`, `proof_invalid` (400); `challenge_spent` (409); `submitted_too_fast`, `rate_limited` (429).',
  },
  {
    method: 'patch',
    path: '/installations/{id}',
    operationId: 'updateInstallation',
    summary: "Switch an installation's guest reporting on or off and set its daily cap of guest threads",
    tag: 'workspace',
    auth: 'any',
    query: workspaceIdQuerySchema,
    body: updateInstallationSchema,
    success: ok('InstallationSummary'),
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/guests/{userId}',
    operationId: 'getGuest',
    summary: 'A guest of the workspace: name, address, installation and whether the address is blocked',
    tag: 'users',
    auth: 'any',
    query: workspaceIdQuerySchema,
    success: ok('GuestResponse'),
    errors: [403, 404],
    description: '404 when the user is not a guest of this workspace.',
  },
  {
    method: 'post',
    path: '/guests/{userId}/block',
    operationId: 'blockGuest',
    summary: "Block the guest's address in the workspace: signed out now, no sign-in or post again",
    tag: 'users',
    auth: 'any',
    query: workspaceIdQuerySchema,
    success: ok('GuestResponse'),
    errors: [403, 404],
  },
  {
    method: 'delete',
    path: '/guests/{userId}/block',
    operationId: 'unblockGuest',
    summary: "Unblock the guest's address",
    tag: 'users',
    auth: 'any',
    query: workspaceIdQuerySchema,
    success: ok('GuestResponse'),
    errors: [403, 404],
  },
];
