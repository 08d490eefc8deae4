/**
 * The workspace's members and sites, for the pickers (assignee, author, site filter, move target).
 * Either list may be refused to a member session (403) or fail: the pickers then offer what needs no
 * list — "me" and "unassigned" — and the site filter is left out. Loaded once per sign-in, and only
 * when something first reads it: on a file markup's page the two requests (the sites list carries
 * every file markup's signed page URLs, ~77 KB for one 50-page PDF) would otherwise queue on the
 * server in front of the markup the page is waiting for.
 */
import { computed, effect, signal } from '@preact/signals';
import type { MarkupResponse, WorkspaceUserResponse } from '../../src/api/wire';
import { api, session } from './session';
import { personName } from './thread';

const memberList = signal<WorkspaceUserResponse[] | null>(null);
const markupList = signal<MarkupResponse[] | null>(null);
/** Whose lists are loaded (or loading): `workspaceId:userId`, or null when nothing asked yet. */
let loadedFor: string | null = null;
let wanted = false;

function load(): void {
  const who = session.peek();
  if (!who || loadedFor === `${who.workspaceId}:${who.userId}`) return;
  loadedFor = `${who.workspaceId}:${who.userId}`;
  api.users().then(
    (list) => {
      for (const user of list) personName.set(user.id, user.name);
      memberList.value = list;
    },
    () => (memberList.value = null),
  );
  api.markups(who.workspaceId).then(
    (list) => (markupList.value = list),
    () => (markupList.value = null),
  );
}

/** Reading a list asks for it (in a microtask: a computed must not write signals while it runs). */
function asked(): void {
  if (wanted) return;
  wanted = true;
  queueMicrotask(load);
}

export const members = computed(() => (asked(), memberList.value));
export const markups = computed(() => (asked(), markupList.value));

/** Loads the lists again for another member once they were asked for. */
export function startDirectory(): () => void {
  return effect(() => {
    const who = session.value;
    if (!who || !wanted || loadedFor === `${who.workspaceId}:${who.userId}`) return;
    memberList.value = null;
    markupList.value = null;
    load();
  });
}
