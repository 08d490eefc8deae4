/**
 * The file review's shared kit, for the three viewers (image, PDF, video): the contract's types, the
 * pin marker, pointer geometry, and the composer and thread panel the shell shows in its side panel.
 */
export type * from './contract';
export { PinMarker, pinLabel, type PinMarkerProps } from './PinMarker';
export { clampPercent, exactPercentIn, percentIn, pointOf, type Box } from './geometry';
export { pinchOf, wheelZoomFactor, type Point } from './gestures';
export { fileReviewWords } from '../../../i18n/file-review';
export { NewThreadComposer, type NewThreadComposerProps } from './NewThreadComposer';
export { ThreadPanel, type ThreadPanelProps } from './ThreadPanel';
