/** Events the widget emits to the host through `on(event, handler)`. */
import type { MessageResponse, ThreadResponse } from '../api/wire';

export interface PinmarkEventMap {
  /** Start-up finished: UI mounted, session restored or attempted, threads loaded when signed in. */
  ready: { signedIn: boolean };
  signedIn: { userId: string; name: string };
  signedOut: { expired: boolean };
  threadCreated: { thread: ThreadResponse };
  messageCreated: { threadId: string; message: MessageResponse };
  /** An edit of a message was saved (`message` as the server returned it). */
  messageUpdated: { threadId: string; message: MessageResponse };
  messageDeleted: { threadId: string; messageId: string };
  threadResolved: { threadId: string };
  threadReopened: { threadId: string };
  threadDeleted: { threadId: string };
  /** A thread's pin was moved and the server saved its new place (`thread` has the new anchor). */
  threadMoved: { threadId: string; thread: ThreadResponse };
  /** Something failed; the widget already told the reviewer where relevant. */
  error: { code: string; status: number; message: string };
}

export type PinmarkEventName = keyof PinmarkEventMap;

export type EmitFn = <K extends PinmarkEventName>(event: K, payload: PinmarkEventMap[K]) => void;
