/**
 * Variant rows of the malformed-input suite (server/http/malformed.test.ts) for issue 17: the
 * routes that now also take image, PDF and video threads, video clips and mentions beside content,
 * and file URLs — each with a valid baseline on real converted files, so every broken variant is
 * refused for the reason it tests, with nothing stored.
 */
import { API, postForm, type TestServer } from './support.ts';
import type { RouteCase } from './malformed-route-case.ts';
import { CLIP_WEBM, drawnPng, fileThreadBody, readyFileMarkup, textPdf } from './file-markups.ts';

export async function fileMarkupCases(s: TestServer, alice: { token: string; userId: string }): Promise<RouteCase[]> {
  const wsKey = s.seed.workspaceApiKey;
  const images = await readyFileMarkup(s, [{ bytes: await drawnPng(200, 100), type: 'image/png', name: 'one.png' }]);
  const pdf = await readyFileMarkup(s, [{ bytes: await textPdf(2), type: 'application/pdf', name: 'two.pdf' }]);
  const pdfThread = (await s.request('POST', `${API}/threads`, { token: wsKey, body: fileThreadBody(pdf.id, { pageNumber: 1 }) })).body.data
    .id as string;
  // A reply target on the demo (webpage) markup.
  const [demoThread] = await s.db.query<{ id: string }>('SELECT id FROM threads WHERE markup_id = $1 ORDER BY number LIMIT 1', [
    s.seed.markupId,
  ]);
  const policy = await s.request('POST', `${API}/upload-policy`, {
    token: alice.token,
    body: {
      resourceType: 'message_attachment',
      resourceId: s.seed.markupId,
      filename: 'r.webm',
      contentType: 'video/webm',
      filesize: CLIP_WEBM.length,
    },
  });
  const stored = await postForm(s.app, policy.body.data.policy, { bytes: CLIP_WEBM, type: 'video/webm', name: 'r.webm' });
  await s.request('POST', `${API}/upload-complete`, {
    token: alice.token,
    body: { fileId: policy.body.data.fileId, etag: stored.headers.get('etag') },
  });
  return [
    {
      method: 'POST',
      path: '/threads',
      variant: 'image thread',
      auth: 'any',
      token: wsKey,
      body: fileThreadBody(images.id, { projectImageId: images.images[0].id, width: 200, height: 100 }),
      optional: ['projectImageId', 'width', 'height'],
    },
    {
      method: 'POST',
      path: '/threads',
      variant: 'PDF thread',
      auth: 'any',
      token: wsKey,
      body: fileThreadBody(pdf.id, {
        pageNumber: 2,
        textHighlight: { startKey: 'p2:1', endKey: 'p2:1', startIndex: 1, startOffset: 0, endIndex: 1, endOffset: 4, text: 'The ' },
      }),
      optional: ['textHighlight'],
    },
    {
      method: 'PATCH',
      path: '/threads/:id/move-pin',
      variant: 'PDF thread',
      ids: { id: pdfThread },
      auth: 'any',
      token: wsKey,
      body: { pageNumber: 2, offsetXPercentage: 40, offsetYPercentage: 60 },
      optional: ['pageNumber'],
    },
    {
      method: 'POST',
      path: '/threads/:threadId/messages',
      variant: 'clip and mentions',
      ids: { threadId: demoThread!.id },
      auth: 'any',
      token: alice.token,
      body: {
        content: 'See the recording',
        mentionIds: [alice.userId],
        clipVideos: [{ fileId: policy.body.data.fileId, title: 'Recording', width: 160, height: 120 }],
      },
      optional: ['mentionIds', 'clipVideos'],
    },
    {
      method: 'POST',
      path: '/markups/url',
      variant: 'file URL',
      auth: 'api_key',
      token: wsKey,
      body: { url: 'http://127.0.0.1:9/deck.pdf', name: 'Deck' },
      optional: ['name'],
      noBaseline: 'needs a file server (markup-url-file.test.ts fetches real files)',
    },
  ];
}
