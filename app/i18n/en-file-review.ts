/**
 * English words of the file review (image, PDF and video markups, issue 17). A table of its own,
 * read through `fileReviewWords()` (file-review.ts), so the words travel in the file review's lazy
 * chunk and the app's first load does not grow. The PDF and video viewers add their sections here.
 */
/** Seconds as m:ss.s (a video's moment). */
export const clock = (seconds: number) => {
  const whole = Math.max(0, seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${(whole - minutes * 60).toFixed(1).padStart(4, '0')}`;
};

export const enFileReview = {
  loading: 'Loading the file…',
  preparing: 'Preparing the file for review…', // contract
  preparingHint: 'This page updates by itself as soon as the file is ready.',
  waited: (seconds: number) => `Waiting for ${seconds} s`,
  slow: 'This takes longer than usual. Large files and PDFs with many pages can take a few minutes; if it never ends, the file may be damaged: upload it again.',
  failedTitle: 'This file could not be prepared for review',
  failedReason: {
    unreadable: {
      image: 'The file could not be read as an image (PNG, JPEG, GIF or WebP).',
      pdf: 'The file could not be read as a PDF.',
      video: 'The file could not be read as a video (MP4 or WebM).',
    },
    tooLarge: 'The PDF is too large to be prepared for review.',
    tooManyPages: 'The PDF has too many pages to be prepared for review.',
    notConverted: 'Something went wrong on our side while preparing it.',
  },
  failedWhatToDo:
    'Delete this file from its folder and upload it again; if it is damaged, save or export it again first. Comments cannot be added until then.',
  failedToFolder: 'Go to its folder',
  viewerFailed: 'The viewer could not be loaded. Check your connection and try again.',
  unknownKind: 'This kind of file cannot be shown here.',
  fileLabel: (kind: string) => `File under review (${kind})`,
  kinds: { image: 'image set', pdf: 'PDF', video: 'video' },
  comments: 'Comments', // contract
  noComments: 'No comments yet. Click a spot of the file to add one.',
  noCommentsTouch: 'No comments yet. Tap a spot of the file to add one.',
  readOnly: 'New comments are paused on this file.',
  showResolved: 'Show resolved',
  openCount: (n: number) => (n === 1 ? '1 open' : `${n} open`),
  refreshFailed: 'The comments could not be refreshed; retrying.',
  pinLabel: (n: number, text: string, resolved: boolean) => `Comment ${n}${resolved ? ' (resolved)' : ''}${text ? `: ${text}` : ''}`, // contract: "Comment 3: …"
  pendingPin: 'New comment here', // contract
  composerTitle: 'New comment', // contract (the composer's name)
  composerLabel: 'Comment', // contract (the editor's label)
  composerPlaceholder: 'Write a comment… (@ to mention someone)',
  post: 'Post comment', // contract
  posting: 'Posting…',
  cancel: 'Cancel',
  emptyComment: 'Write something first.',
  closeThread: 'Close',
  threadOf: (n: number) => `Comment ${n}`,
  deleted: (n: number) => `Comment ${n} deleted.`,
  showPin: 'Show on the file',
  pagePlace: (page: number, x: number, y: number) => `On page ${page}, ${x}% across, ${y}% down`,
  videoPlace: (start: number, end: number | null, x: number, y: number) =>
    `At ${clock(start)}${end !== null ? `–${clock(end)}` : ''}, ${x}% across, ${y}% down`,
  image: {
    set: 'Images', // contract (the filmstrip's name)
    imageOf: (n: number, total: number) => `Image ${n} of ${total}`, // contract
    pins: (n: number) => (n === 1 ? '1 comment' : `${n} comments`),
    stage: 'Image: click a spot to comment. Arrow keys move the crosshair, Enter comments there, + and − zoom, 0 fits.', // contract
    stageTouch: 'Image: tap a spot to comment. Pinch to zoom.',
    zoom: 'Zoom', // contract (the toolbar's name)
    zoomIn: 'Zoom in', // contract
    zoomOut: 'Zoom out', // contract
    fit: 'Fit', // contract
    level: (percent: number) => `${percent}%`,
    crosshairAt: (x: number, y: number) => `Crosshair at ${x}% across, ${y}% down. Press Enter to comment here.`,
    noPreview: 'This image has no preview yet.',
    failed: 'The image could not be loaded.',
    place: (n: number, x: number, y: number) => `On image ${n}, ${x}% across, ${y}% down`,
  },
};

export type FileReviewStrings = typeof enFileReview;
