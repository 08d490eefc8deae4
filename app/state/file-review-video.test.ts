/** The video viewer's rules: times written and read, when pins show, markers, seek keys, the crosshair, end checks. */
import { describe, expect, it } from 'vitest';
import {
  clampTime,
  endTimeProblem,
  formatTime,
  markerLanes,
  markerSpan,
  MOMENT_SHOWN_SECONDS,
  nudgePoint,
  parseTime,
  pinShownAt,
  seekFor,
  wireTime,
} from './file-review-video';

describe('times', () => {
  it('writes minutes and seconds, hours when needed, tenths on request', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(7.94)).toBe('0:07');
    expect(formatTime(7.94, true)).toBe('0:07.9');
    expect(formatTime(62.5, true)).toBe('1:02.5');
    expect(formatTime(3723)).toBe('1:02:03');
    // Float noise from currentTime must not round a tenth down.
    expect(formatTime(3.2 - 1e-12, true)).toBe('0:03.2');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  });

  it('reads what it writes, plain seconds and a decimal comma; refuses the rest', () => {
    expect(parseTime('1:02.5')).toBe(62.5);
    expect(parseTime(' 62.5 ')).toBe(62.5);
    expect(parseTime('62,5')).toBe(62.5);
    expect(parseTime('1:02:03')).toBe(3723);
    expect(parseTime(formatTime(125.3, true))).toBe(125.3);
    for (const bad of ['', 'abc', '1:2:3:4', '-3', '1.5:20', '1e3', '0x10']) expect(parseTime(bad), bad).toBeNull();
  });

  it('rounds wire times to milliseconds and keeps seeks inside the video', () => {
    expect(wireTime(3.2000000000000006)).toBe(3.2);
    expect(clampTime(-2, 10)).toBe(0);
    expect(clampTime(12, 10)).toBe(10);
    expect(clampTime(12, Number.NaN)).toBe(12);
  });
});

describe('pins in time', () => {
  it('shows a range from its start to its end', () => {
    const range = { startTime: 2, endTime: 4 };
    expect(pinShownAt(range, 1.9)).toBe(false);
    expect(pinShownAt(range, 2)).toBe(true);
    expect(pinShownAt(range, 1.999)).toBe(true);
    expect(pinShownAt(range, 4)).toBe(true);
    expect(pinShownAt(range, 4.2)).toBe(false);
  });

  it('shows a moment for a while after it, and nothing without a start', () => {
    const moment = { startTime: 3, endTime: null };
    expect(pinShownAt(moment, 3)).toBe(true);
    expect(pinShownAt(moment, 3 + MOMENT_SHOWN_SECONDS)).toBe(true);
    expect(pinShownAt(moment, 3 + MOMENT_SHOWN_SECONDS + 0.2)).toBe(false);
    expect(pinShownAt(moment, 2.5)).toBe(false);
    expect(pinShownAt({ startTime: null, endTime: null }, 0)).toBe(false);
  });

  it('places markers in percent of the duration, a moment with no width', () => {
    expect(markerSpan({ startTime: 2, endTime: 5 }, 10)).toEqual({ left: 20, width: 30 });
    expect(markerSpan({ startTime: 2, endTime: null }, 10)).toEqual({ left: 20, width: 0 });
    expect(markerSpan({ startTime: 8, endTime: 30 }, 10)).toEqual({ left: 80, width: 20 });
    expect(markerSpan({ startTime: 2, endTime: null }, Number.NaN)).toBeNull();
    expect(markerSpan({ startTime: 2, endTime: null }, Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('marker rows', () => {
  it('puts overlapping comments on rows of their own, reusing a row once it is free', () => {
    const ranges = [
      { startTime: 2, endTime: 4 },
      { startTime: 1, endTime: 5.5 },
      { startTime: 6, endTime: null },
      { startTime: 3, endTime: null },
      { startTime: 3.5, endTime: 7 },
      { startTime: 3.6, endTime: 8 },
    ];
    expect(markerLanes(ranges, 10)).toEqual([1, 0, 0, 2, 2, 1]);
  });

  it('gives a moment a little room, and nothing a row without a duration', () => {
    expect(
      markerLanes(
        [
          { startTime: 1, endTime: null },
          { startTime: 1.1, endTime: null },
        ],
        10,
      ),
    ).toEqual([0, 1]);
    expect(
      markerLanes(
        [
          { startTime: 1, endTime: null },
          { startTime: 1.1, endTime: null },
        ],
        Number.NaN,
      ),
    ).toEqual([0, 0]);
  });
});

describe('keys', () => {
  it('seeks by the player steps', () => {
    expect(seekFor('ArrowRight', false)).toEqual({ by: 5 });
    expect(seekFor('ArrowLeft', true)).toEqual({ by: -1 });
    expect(seekFor('j', false)).toEqual({ by: -10 });
    expect(seekFor('L', false)).toEqual({ by: 10 });
    expect(seekFor('Home', false)).toEqual({ to: 'start' });
    expect(seekFor('x', false)).toBeNull();
  });

  it('moves the crosshair by 1 % (10 % with Shift) and keeps it on the frame', () => {
    expect(nudgePoint({ x: 50, y: 50 }, 'ArrowRight', false)).toEqual({ x: 51, y: 50 });
    expect(nudgePoint({ x: 50, y: 50 }, 'ArrowUp', true)).toEqual({ x: 50, y: 40 });
    expect(nudgePoint({ x: 95, y: 3 }, 'ArrowRight', true)).toEqual({ x: 100, y: 3 });
    expect(nudgePoint({ x: 95, y: 3 }, 'ArrowUp', true)).toEqual({ x: 95, y: 0 });
    expect(nudgePoint({ x: 50, y: 50 }, 'Enter', false)).toBeNull();
  });
});

describe('end times', () => {
  it('must not come before the start nor after a known end', () => {
    expect(endTimeProblem(3, 2.9, 10)).toBe('before-start');
    expect(endTimeProblem(3, 3, 10)).toBeNull();
    expect(endTimeProblem(3, 10.5, 10)).toBe('after-end');
    expect(endTimeProblem(3, 10.5, Number.NaN)).toBeNull();
  });
});
