/**
 * Keyboard triage, one listener on the document: j/k (and the arrow keys inside the list) move the
 * selection, Enter opens it, e resolves or reopens, x ticks it for the actions on several, r replies, / searches, Esc goes back to the list,
 * ? lists the keys. Keys typed into a field, an editor or with Ctrl/Cmd/Alt are left alone.
 */
import { hrefFor, navigate, route } from '../router/router';
import { toggleChecked } from '../state/bulk';
import { items, selected } from '../state/inbox';
import { currentThread, toggleResolved } from '../state/thread';
import { focusList, focusReply, focusSearch, shortcutsOpen } from '../state/ui';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

function move(by: number): void {
  const count = items.peek().length;
  if (!count) return;
  selected.value = Math.max(0, Math.min(count - 1, selected.peek() + by));
  focusList.value++;
}

function selectedId(): string | null {
  return items.peek()[selected.peek()]?.id ?? null;
}

export function onKey(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'Escape') {
    if (shortcutsOpen.peek()) return; // The dialog closes itself.
    if (route.peek().threadId && !typing(event.target)) {
      navigate(hrefFor(null));
      focusList.value++;
    }
    return;
  }
  if (typing(event.target) || shortcutsOpen.peek()) return;
  const inList = event.target instanceof HTMLElement && !!event.target.closest('[data-inbox-list]');
  switch (event.key) {
    case 'j':
    case 'ArrowDown':
      if (event.key === 'ArrowDown' && !inList) return;
      move(1);
      break;
    case 'k':
    case 'ArrowUp':
      if (event.key === 'ArrowUp' && !inList) return;
      move(-1);
      break;
    case 'Enter': {
      // In the list, the selection decides, not the focused link: after a quick j the focus may
      // still be on the row before (it moves in the next frame), and Enter must open what j chose.
      const rowLink = inList && event.target instanceof HTMLAnchorElement;
      if (!rowLink && (inList || event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)) return;
      const id = selectedId();
      if (!id) return;
      navigate(hrefFor(id));
      break;
    }
    case 'e': {
      const open = currentThread();
      const row = items.peek()[selected.peek()];
      if (open) void toggleResolved(open.id, !open.resolved);
      else if (row) void toggleResolved(row.id, !row.resolved);
      else return;
      break;
    }
    case 'x': {
      const id = selectedId();
      if (!id) return;
      toggleChecked(id);
      break;
    }
    case 'r': {
      const id = route.peek().threadId ?? selectedId();
      if (!id) return;
      if (!route.peek().threadId) navigate(hrefFor(id));
      focusReply.value++;
      break;
    }
    case '/':
      focusSearch.value++;
      break;
    case '?':
      shortcutsOpen.value = true;
      break;
    default:
      return;
  }
  event.preventDefault();
}
