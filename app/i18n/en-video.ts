/** English words of the video viewer (file review, issue 17): the player, its timeline and commenting on a frame. */
const range = (start: string, end: string | null) => (end ? `${start} to ${end}` : `at ${start}`);

export const enVideo = {
  player: 'Video player', // contract
  play: 'Play', // contract
  pause: 'Pause', // contract
  mute: 'Mute',
  unmute: 'Unmute',
  position: 'Position', // contract
  positionText: (now: string, total: string | null) => (total ? `${now} of ${total}` : now),
  loading: 'Loading video…',
  buffering: 'Buffering…',
  failed: 'This browser cannot play this video.',
  download: 'Download the video',
  keys: 'Space or K plays and pauses; J and L or the arrow keys seek; C comments on the current frame; ← → go from one comment marker to the next.',
  markers: 'Comments on the timeline', // contract
  marker: (n: number, start: string, end: string | null) => `Comment ${n}, ${range(start, end)}`,
  comment: 'Comment on this frame', // contract
  commentShort: 'Comment',
  frame: 'Video frame',
  placeHint: 'Click the frame where your comment belongs, or move the crosshair with the arrow keys and press Enter. Esc cancels.',
  placeHintTouch: 'Tap the frame where your comment belongs.',
  clickToComment: 'Click the frame to comment on it',
  crosshair: 'Where the comment goes', // contract
  crosshairAt: (x: number, y: number) => `${Math.round(x)}% across, ${Math.round(y)}% down`,
  cancelPlacing: 'Cancel',
  time: {
    title: 'Time', // contract
    at: (start: string) => `At ${start}`,
    from: 'From',
    until: 'Until', // contract
    untilHint: 'Empty: a moment. Or play on and press "End here".',
    endHere: (now: string) => `End here (${now})`, // contract: starts with "End here"
    clearEnd: 'Make it a moment',
    goToStart: 'Go to the start',
    beforeStart: (start: string) => `The end must not come before the start (${start}).`,
    afterEnd: (end: string) => `The video ends at ${end}.`,
    notATime: 'Write a time like 1:02.5 or 62.5.',
  },
};

export type VideoStrings = typeof enVideo;
