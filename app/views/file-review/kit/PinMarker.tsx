/**
 * The pin every viewer draws: a numbered, focusable button at a spot of the file, whose name says
 * which comment it is (pinLabel: number, resolved, the first words). Placed by percent inside the
 * positioned box the viewer gives it (the image, the page, the video frame), centred on the spot.
 * A viewer that scales that box (zoom) sets `--pm-pin-scale` (1 / zoom) on it so pins keep their size.
 * `number` null is the pending pin of the comment being written.
 */
import type { Ref } from 'preact';
import { deltaToPlainText } from '../../../../src/delta';
import { fileReviewWords } from '../../../i18n/file-review';
import type { FileThread } from './contract';

export interface PinMarkerProps {
  /** The thread's number; null for the pending pin (shown as "+"). */
  number: number | null;
  /** Percent (0–100) of the box, from its top-left corner. */
  x: number;
  y: number;
  /** The accessible name: `pinLabel(thread)` for threads; the pending pin names itself. */
  label?: string;
  selected?: boolean;
  resolved?: boolean;
  /** Click, Enter or Space. */
  onActivate?: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  /** -1 keeps it out of the Tab order (e.g. pins of an image not shown). */
  tabIndex?: number;
}

const EXCERPT = 80;

/** "Comment 3: the first words…" (resolved said so), for a pin's name and tooltips. */
export function pinLabel(thread: FileThread): string {
  const first = thread.messages[0];
  const text = first ? deltaToPlainText(first.messageJson).replace(/\s+/g, ' ').trim() : '';
  const excerpt = text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text;
  return fileReviewWords().pinLabel(thread.number, excerpt, thread.resolved);
}

export function PinMarker({ number, x, y, label, selected, resolved, onActivate, buttonRef, tabIndex }: PinMarkerProps) {
  const name = label ?? (number === null ? fileReviewWords().pendingPin : String(number));
  const classes = ['fr-pin', selected && 'fr-pin--selected', resolved && 'fr-pin--resolved', number === null && 'fr-pin--pending'];
  return (
    <button
      type="button"
      class={classes.filter(Boolean).join(' ')}
      style={{ left: `${x}%`, top: `${y}%` }}
      aria-label={name}
      title={name}
      aria-pressed={number === null ? undefined : !!selected}
      data-pin={number ?? 'pending'}
      tabIndex={tabIndex}
      ref={buttonRef}
      onClick={(event) => {
        // The viewer's own click (start a comment there) must not see a click on a pin.
        event.stopPropagation();
        onActivate?.();
      }}
      onPointerDown={(event) => event.stopPropagation()}
    >
      <span aria-hidden="true">{number ?? '+'}</span>
    </button>
  );
}
