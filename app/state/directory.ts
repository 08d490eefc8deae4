/**
 * The workspace's members and sites, for the pickers (assignee, author, site filter). Either list may
 * be refused to a member session (403) or fail: the pickers then offer what needs no list — "me"
 * and "unassigned" — and the site filter is left out. Loaded once per sign-in.
 */
import { effect, signal } from '@preact/signals';
import type { MarkupResponse, WorkspaceUserResponse } from '../../src/api/wire';
import { api, session } from './session';
import { personName } from './thread';

export const members = signal<WorkspaceUserResponse[] | null>(null);
export const markups = signal<MarkupResponse[] | null>(null);

export function startDirectory(): () => void {
  let loadedFor: string | null = null;
  return effect(() => {
    const who = session.value;
    if (!who || loadedFor === `${who.workspaceId}:${who.userId}`) return;
    loadedFor = `${who.workspaceId}:${who.userId}`;
    api.users().then(
      (list) => {
        for (const user of list) personName.set(user.id, user.name);
        members.value = list;
      },
      () => (members.value = null),
    );
    api.markups(who.workspaceId).then(
      (list) => (markups.value = list),
      () => (markups.value = null),
    );
  });
}
