/**
 * Shared by the product-metrics tests (metrics.test.ts, metrics-query.test.ts): a server with a
 * known story of activity made through the API over 10–12 January 2030 (threads, replies, resolve,
 * reopen, several people, an API key, two markups, a thread deleted later), and the helpers to ask
 * the /product-metrics routes about it.
 */
import { expect } from 'vitest';
import { createWebpageMarkup } from '../seed.ts';
import { API, createTestServer, threadBody } from '../testing/support.ts';

/** The range the story's figures are asked over. */
export const RANGE = 'startDate=2030-01-10&endDate=2030-01-11';

/** A server where the story has happened, and the helpers to query it (call once, at the top). */
export async function metricsStory() {
  const s = await createTestServer();
  const key = s.seed.workspaceApiKey;
  const ws = s.seed.workspaceId;
  const markupA = await createWebpageMarkup(s.db, {
    workspaceId: ws,
    name: 'Metrics A',
    url: 'https://a.example/',
    now: Date.parse('2030-01-10T08:00:00Z'),
  });
  const markupB = await createWebpageMarkup(s.db, {
    workspaceId: ws,
    name: 'metrics B',
    url: 'https://b.example/',
    now: Date.parse('2030-01-10T08:00:00Z'),
  });

  const at = (iso: string) => s.clock.set(Date.parse(iso));
  // Exchange tokens live an hour and the story spans days: a fresh one for every action.
  const tokenOf = async (sub: string, markupId: string) =>
    (await s.exchangeToken({ sub, name: sub[0]!.toUpperCase() + sub.slice(1), markupId })).token;

  async function createThread(token: string, markupId: string): Promise<string> {
    const res = await s.request('POST', `${API}/threads`, { token, body: threadBody({ projectId: markupId }) });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }
  async function reply(token: string, threadId: string) {
    const res = await s.request('POST', `${API}/threads/${threadId}/messages`, { token, body: { content: 'Agreed' } });
    expect(res.status).toBe(200);
  }
  async function post(token: string, path: string) {
    expect((await s.request('POST', `${API}${path}`, { token })).status).toBe(200);
  }
  const get = (path: string, token = key) => s.request('GET', `${API}/product-metrics${path}`, { token });

  at('2030-01-10T12:00:00Z');
  const t1 = await createThread(await tokenOf('alice', markupA), markupA);
  await reply(await tokenOf('bob', markupA), t1);
  const t2 = await createThread(await tokenOf('bob', markupA), markupA);
  at('2030-01-10T23:59:59.999Z');
  const t3 = await createThread(await tokenOf('carol', markupB), markupB);
  at('2030-01-11T00:00:00Z');
  await post(await tokenOf('alice', markupA), `/threads/${t1}/resolve`);
  await post(await tokenOf('alice', markupA), `/threads/${t1}/resolve`); // a repeat changes nothing
  at('2030-01-11T10:00:00Z');
  await post(await tokenOf('bob', markupA), `/threads/${t1}/unresolve`);
  await post(key, `/threads/${t2}/resolve`);
  await reply(await tokenOf('carol', markupB), t3);
  // Deleting a thread later does not rewrite history.
  at('2030-01-12T09:00:00Z');
  expect((await s.request('DELETE', `${API}/threads/${t2}`, { token: key })).status).toBe(204);

  return { s, key, markupA, markupB, tokenOf, get };
}
