/**
 * Headers set on an answer that is already made (`c.header()` after `await next()`, which CORS,
 * compression and the version contract all do) are written into that answer's own headers. Hono
 * would instead copy the answer into a new Response built from its body stream (it cannot know
 * the headers are writable): for @hono/node-server's lightweight responses that turns a JSON string
 * written to the socket in one go into a web stream read chunk by chunk, on every API answer.
 * Where the headers are not writable (an answer passed through from `fetch`), Hono's copy still
 * happens.
 */
import type { Context, MiddlewareHandler } from 'hono';

type SetHeader = (name: string, value?: string, options?: { append?: boolean }) => void;

export const lateHeadersInPlace: MiddlewareHandler = async (c, next) => {
  const original = c.header.bind(c) as SetHeader;
  const inPlace: SetHeader = (name, value, options) => {
    if (!c.finalized) return original(name, value, options);
    try {
      const headers = c.res.headers;
      if (value === undefined) headers.delete(name);
      else if (options?.append) headers.append(name, value);
      else headers.set(name, value);
    } catch {
      original(name, value, options);
    }
  };
  (c as Context & { header: SetHeader }).header = inPlace;
  await next();
};
