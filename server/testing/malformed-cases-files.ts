/**
 * Rows of the malformed-input suite (server/http/malformed.test.ts) for file markups uploaded straight to the
 * object store: POST /markups/objectstore, whose whole request is its query string. The baseline
 * creates a (not ready) markup and hands out a PUT URL; the suite's variants must all be refused
 * with nothing stored.
 */
import type { RouteCase } from './malformed-route-case.ts';
import type { TestServer } from './support.ts';

export async function fileCases(s: TestServer): Promise<RouteCase[]> {
  const wsKey = s.seed.workspaceApiKey;
  const workspaceId = s.seed.workspaceId;
  return [
    {
      method: 'POST',
      path: '/markups/objectstore',
      auth: 'api_key',
      token: wsKey,
      query: { workspaceId, filesize: String(150 * 1024 * 1024), mimeType: 'video/mp4', name: 'Long walkthrough' },
      requiredQuery: ['workspaceId', 'filesize', 'mimeType'],
    },
  ];
}
