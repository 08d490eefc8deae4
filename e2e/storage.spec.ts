/**
 * The object store as a browser meets it: a presigned POST from the real server, sent by real
 * Chromium as multipart form data, is refused when it expired, names another key, carries a larger
 * file than the policy allows or another content type; the unchanged form then succeeds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildPostFields } from '../server/storage/post-policy.ts';
import { LOCAL_ACCESS_KEY_ID, LOCAL_BUCKET, LOCAL_REGION } from '../server/storage/local-store.ts';
import type { PresignedPost, UploadPolicyResponse } from '../src/api/wire.ts';
import { demo } from './fixtures';

async function policyFor(filesize: number): Promise<UploadPolicyResponse> {
  const { apiBase, markupId, workspaceApiKey } = demo();
  const res = await fetch(`${apiBase}/api/v2/upload-policy`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${workspaceApiKey}`,
      'Service-API-Version': '2023-02-22',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      resourceType: 'message_attachment',
      resourceId: markupId,
      filename: 'note.txt',
      contentType: 'text/plain',
      filesize,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: UploadPolicyResponse }).data;
}

/** Posts the form from the page, as the widget does; returns the status and error code. */
function postFromPage(page: Page, policy: PresignedPost, body: string, change: Record<string, string> = {}) {
  return page.evaluate(
    async ({ policy, body, change }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...policy.fields, ...change })) form.append(name, value);
      form.append('file', new Blob([body], { type: 'text/plain' }), 'note.txt');
      const res = await fetch(policy.url, { method: 'POST', body: form });
      const text = await res.text();
      let code = '';
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '';
      } catch {
        /* 204: no body */
      }
      return { status: res.status, code, etag: res.headers.get('ETag') };
    },
    { policy, body, change },
  );
}

test('the storage refuses an expired policy, a wrong key, an oversized file and a wrong content type', async ({ page }) => {
  await page.goto('/');
  const issued = await policyFor(5);

  expect(await postFromPage(page, issued.policy, 'hello', { key: `${issued.key}-other` })).toMatchObject({ status: 403 });
  expect(await postFromPage(page, issued.policy, 'hello!')).toMatchObject({ status: 413, code: 'entity_too_large' });
  expect(await postFromPage(page, issued.policy, 'hello', { 'Content-Type': 'text/html' })).toMatchObject({ status: 403 });

  // An expired policy for the same key, signed with this server's storage secret.
  const secret = readFileSync(join(process.env.PINMARK_E2E_DATA!, 'objects', 'secret'), 'utf8').trim();
  const expired = buildPostFields({
    bucket: LOCAL_BUCKET,
    key: issued.key,
    contentType: 'text/plain',
    maxBytes: 5,
    credentials: { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: secret, region: LOCAL_REGION },
    now: Date.now() - 20 * 60_000,
    expiresInSec: 60,
  });
  expect(await postFromPage(page, { url: issued.policy.url, fields: expired }, 'hello')).toMatchObject({
    status: 403,
    code: 'policy_expired',
  });

  // The policy as issued works: the refusals were about what was changed.
  const accepted = await postFromPage(page, issued.policy, 'hello');
  expect(accepted.status).toBe(204);
  expect(accepted.etag).toMatch(/^"[0-9a-f]{32}"$/);
});
