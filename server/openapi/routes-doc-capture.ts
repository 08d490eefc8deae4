/**
 * OpenAPI row of the image relay screenshots use (Pinmark's own; docs/api-decisions.md, "Image
 * relay"): a cross-origin image of the reviewed page, fetched by the server.
 */
import { imageRelayQuerySchema } from '../routes/image-relay.ts';
import type { RouteDoc } from './types.ts';

export const captureRoutesDoc: RouteDoc[] = [
  {
    method: 'get',
    path: '/image-relay',
    operationId: 'relayImage',
    summary: "A cross-origin image of the reviewed page, fetched by the server, for the widget's screenshot",
    tag: 'screenshots',
    auth: 'any',
    query: imageRelayQuerySchema,
    success: {
      status: 200,
      plain: { type: 'string', format: 'binary', description: 'The image (png, jpeg, gif, webp, avif or svg+xml).' },
    },
    errors: [413, 415, 422],
    description:
      'Fetched under the webhook address rules (public addresses only in production), without cookies, within 10 s and 8 MB. ' +
      'The answer is the image as its host sent it, when its first bytes match its type.',
  },
];
