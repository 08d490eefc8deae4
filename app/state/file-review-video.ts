/**
 * The video viewer's rules, kept apart from its components so they can be tested without a video:
 * how times are written and read back, when a pin shows on the frame, where a comment sits on the
 * timeline, which keys seek how far and how the keyboard crosshair moves. A video thread is an image
 * thread with a time range (docs/api-decisions.md "File markups": seconds, `endTime` optional).
 */

/** A thread's place in time: a moment (`endTime` null) or a range. */
export interface TimeRange {
  startTime: number | null;
  endTime: number | null;
}

/** A point on the frame in percent of its width and height, from the top-left corner. */
export interface FramePoint {
  x: number;
  y: number;
}

/** How long after its moment a point-in-time pin stays on the frame (a moment is hard to hit while playing). */
export const MOMENT_SHOWN_SECONDS = 2;
/** Float slack: a seek to 3.2 may land on 3.1999. */
const SLACK_SECONDS = 0.05;
/** Arrow keys and J/L. */
export const SEEK_STEP_SECONDS = 5;
export const JUMP_STEP_SECONDS = 10;
/** `,` and `.`: one frame at 30 fps (the browser exposes no frame rate; close enough for review). */
export const FRAME_STEP_SECONDS = 1 / 30;

/** Whether a pin with this range is drawn on the frame at `time`. */
export function pinShownAt(range: TimeRange, time: number): boolean {
  if (range.startTime === null || !Number.isFinite(time)) return false;
  const end = range.endTime ?? range.startTime + MOMENT_SHOWN_SECONDS;
  return time >= range.startTime - SLACK_SECONDS && time <= end + SLACK_SECONDS;
}

/** `0:07`, `1:02:03`; with `tenths`, `0:07.4` (what the comment's time reads, exact enough to find the frame). */
export function formatTime(seconds: number, tenths = false): string {
  if (!Number.isFinite(seconds) || seconds < 0) seconds = 0;
  const scaled = tenths ? Math.floor(seconds * 10 + 1e-6) : Math.floor(seconds + 1e-6);
  const whole = tenths ? Math.floor(scaled / 10) : scaled;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  const fraction = tenths ? `.${scaled % 10}` : '';
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}${fraction}` : `${minutes}:${secs}${fraction}`;
}

/** Reads `1:02.5`, `62.5`, `1:02:03` (a comma works as the decimal mark too); null when it is not a time. */
export function parseTime(text: string): number | null {
  const parts = text.trim().replace(',', '.').split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null;
  if (parts.slice(0, -1).some((part) => part.includes('.'))) return null;
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}

/** A comment's marker on the timeline, in percent of its width; a moment gets a width of 0 (drawn as a dot). */
export function markerSpan(range: TimeRange, duration: number): { left: number; width: number } | null {
  if (range.startTime === null || !(duration > 0) || !Number.isFinite(duration)) return null;
  const clamp = (value: number) => Math.min(100, Math.max(0, value));
  const left = clamp((range.startTime / duration) * 100);
  const right = range.endTime === null ? left : clamp((range.endTime / duration) * 100);
  return { left, width: Math.max(0, right - left) };
}

/** At most this many rows of markers above the seek bar; more overlapping comments share the rows. */
export const MARKER_LANES = 3;
/** How much of the timeline (percent) a marker takes at least: a moment's dot, a very short range. */
const MARKER_MIN_PERCENT = 2;

/**
 * The row of each comment's marker (same order as `ranges`), so that overlapping ranges do not hide
 * each other: first fit by start time, the row that frees up first when all are taken.
 */
export function markerLanes(ranges: readonly TimeRange[], duration: number): number[] {
  const spans = ranges.map((range) => markerSpan(range, duration));
  const laneEnds: number[] = [];
  const lanes = new Array<number>(ranges.length).fill(0);
  const order = spans.map((span, index) => ({ span, index })).filter((entry) => entry.span !== null);
  order.sort((a, b) => a.span!.left - b.span!.left);
  for (const { span, index } of order) {
    const end = span!.left + Math.max(span!.width, MARKER_MIN_PERCENT);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= span!.left);
    if (lane === -1) lane = laneEnds.length < MARKER_LANES ? laneEnds.length : laneEnds.indexOf(Math.min(...laneEnds));
    laneEnds[lane] = end;
    lanes[index] = lane;
  }
  return lanes;
}

/** Keeps a seek inside the video; an unknown duration only bounds it below. */
export function clampTime(time: number, duration: number): number {
  const upper = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(upper, Math.max(0, time));
}

/** What a key does to the playhead, or null when it is not a seeking key. */
export function seekFor(key: string, shiftKey: boolean): { by: number } | { to: 'start' | 'end' } | null {
  switch (key) {
    case 'ArrowLeft':
      return { by: shiftKey ? -1 : -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return { by: shiftKey ? 1 : SEEK_STEP_SECONDS };
    case 'j':
    case 'J':
      return { by: -JUMP_STEP_SECONDS };
    case 'l':
    case 'L':
      return { by: JUMP_STEP_SECONDS };
    case ',':
      return { by: -FRAME_STEP_SECONDS };
    case '.':
      return { by: FRAME_STEP_SECONDS };
    case 'Home':
      return { to: 'start' };
    case 'End':
      return { to: 'end' };
    default:
      return null;
  }
}

/** The keyboard crosshair: arrows move 1 % of the frame, with Shift 10 %; null for other keys. */
export function nudgePoint(point: FramePoint, key: string, shiftKey: boolean): FramePoint | null {
  const step = shiftKey ? 10 : 1;
  const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value * 100) / 100));
  switch (key) {
    case 'ArrowLeft':
      return { x: clamp(point.x - step), y: point.y };
    case 'ArrowRight':
      return { x: clamp(point.x + step), y: point.y };
    case 'ArrowUp':
      return { x: point.x, y: clamp(point.y - step) };
    case 'ArrowDown':
      return { x: point.x, y: clamp(point.y + step) };
    default:
      return null;
  }
}

/**
 * Why an end time cannot be used, or null when it can: it must not come before the start, nor after
 * the end of the video when its duration is known (the server checks the same, 422 otherwise).
 */
export function endTimeProblem(start: number, end: number, duration: number): 'before-start' | 'after-end' | null {
  if (end < start) return 'before-start';
  if (Number.isFinite(duration) && duration > 0 && end > duration + SLACK_SECONDS) return 'after-end';
  return null;
}

/** Rounds a time to milliseconds for the wire: `currentTime` carries float noise like 3.2000000000000006. */
export const wireTime = (seconds: number) => Math.round(seconds * 1000) / 1000;
