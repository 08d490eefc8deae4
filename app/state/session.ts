/**
 * Who is signed in: the member session (token, person, workspace), kept in sessionStorage — per tab
 * and gone when the tab closes, since the token reaches a whole workspace; a reload keeps it. The
 * API client asks `credential` for the token and, on a 401, waits here until the member has signed
 * in again (the request is then repeated, so nothing typed or clicked is lost), or signed out.
 */
import { computed, signal } from '@preact/signals';
import type { ApiCredential } from '../../src/api';
import type { MemberSessionResponse } from '../../src/api/wire';
import { createAppApi, devAccessToken } from '../api/app-api';

const KEY = 'pinmark-app-session';

export type MemberSession = MemberSessionResponse;

function restore(): MemberSession | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as MemberSession | null;
    if (!saved || typeof saved.memberToken !== 'string') return null;
    return Date.parse(saved.expiresAt) > Date.now() ? saved : null;
  } catch {
    return null;
  }
}

export const session = signal<MemberSession | null>(restore());
/** Owners and admins change folders, sites and threads' places; the server says 403 to everyone else. */
export const canManage = computed(() => {
  const role = session.value?.role;
  return role === 'owner' || role === 'admin';
});
/** The server refused the token: the sign-in form shows over the app, which stays as it is. */
export const expired = signal(false);

let waiting: ((renewed: boolean) => void)[] = [];

export const credential: ApiCredential = {
  token: () => session.value?.memberToken,
  handleUnauthorized: () => {
    if (!session.value) return Promise.resolve(false);
    expired.value = true;
    return new Promise<boolean>((resolve) => waiting.push(resolve));
  },
};

export const api = createAppApi(credential);

function settle(renewed: boolean): void {
  const list = waiting;
  waiting = [];
  for (const resolve of list) resolve(renewed);
}

function store(next: MemberSession | null): void {
  session.value = next;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked: the session lasts as long as the page.
  }
}

/** Signs in through the development identity provider; throws the server's refusal. */
export async function signIn(name: string, email: string): Promise<void> {
  await signInWithAccessToken(await devAccessToken(name, email));
}

/** Trades an identity provider's access token (development sign-in or OIDC) for a member session. */
export async function signInWithAccessToken(accessToken: string): Promise<void> {
  const next = await api.memberSession(accessToken, session.value?.workspaceId);
  store(next);
  expired.value = false;
  settle(true);
}

export async function signOut(): Promise<void> {
  const token = session.value?.memberToken;
  store(null);
  expired.value = false;
  settle(false);
  if (token) await api.endMemberSession(token).catch(() => undefined);
}
