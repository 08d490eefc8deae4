/**
 * Parts of the widget only reviewers need, loaded on first use so they stay out of the first load
 * (every visitor pays for that): the path builder behind describePin (@medv/finder) and the browser
 * context capture. Module-level, so every action shares one download.
 */
import { lazyModule } from '../util/lazy-module';

export const describing = lazyModule(() => import('../anchor/describe'));
export const capturing = lazyModule(() => import('../capture'));
/** The screenshot engine; html2canvas is a further chunk it imports only when capturing. */
export const screenshotting = lazyModule(() => import('../capture/screenshot'));
/** The reviewer's writing tools: new comments, screenshots, attachments (reviewing.ts). */
export const reviewing = lazyModule(() => import('./reviewing'));
/** The outbox every new comment and reply goes through (signed-in reviewers only). */
export const sendingPart = lazyModule(() => import('./sending'));
/** Live refresh of the thread list: reviewers only, started with the first sign-in (actions.ts). */
export const refreshing = lazyModule(() => import('./live-refresh'));
