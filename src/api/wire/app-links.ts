/**
 * The review app's address of a thread, which the server's e-mails and integrations link to and the
 * app and the CLI print: one shape, shared like the wire types so the server need not import the app.
 */

/** `<origin>/app/inbox/<threadId>`: the app opens the inbox with that thread selected. */
export function threadAppLink(origin: string, threadId: string): string {
  return `${origin}/app/inbox/${encodeURIComponent(threadId)}`;
}
