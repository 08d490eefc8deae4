/**
 * What changes a thread beyond replying, resolving and triage — editing and deleting messages,
 * moving and deleting the thread — in a chunk of its own (with its styles), fetched as soon as a
 * thread is opened: the app's first load stays the inbox's (scripts/size-budget.test.ts).
 */
import '../styles/thread-manage.css';

export { MessageItem } from './MessageItem';
export { ThreadActions } from './ThreadActions';
