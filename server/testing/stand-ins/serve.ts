/**
 * A local HTTP server a stand-in answers on (127.0.0.1, a free port), with the request's body read
 * whole. Test support for the integration stand-ins: the services themselves cannot be reached here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body as JSON; undefined when empty; `null` stays null. */
  json: unknown;
  jsonError?: string;
}

export interface StandInAnswer {
  status: number;
  json?: unknown;
  text?: string;
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

export async function serve(handle: (request: StandInRequest) => Promise<StandInAnswer> | StandInAnswer): Promise<Served> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        path: (req.url ?? '/').split('?')[0]!,
        headers: req.headers,
        text,
        json: undefined,
      };
      if (text !== '') {
        try {
          request.json = JSON.parse(text);
        } catch (error) {
          request.jsonError = error instanceof Error ? error.message : String(error);
        }
      }
      void (async () => {
        let answer: StandInAnswer;
        try {
          answer = await handle(request);
        } catch (error) {
          answer = { status: 500, json: { message: error instanceof Error ? error.message : String(error) } };
        }
        if (answer.json !== undefined) {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.json));
        } else {
          res.writeHead(answer.status, { 'content-type': 'text/plain' });
          res.end(answer.text ?? '');
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
