/**
 * Wire types of the Feedback and Markup Service API v2 (../shared/spec/feedback-api-v2.md).
 *
 * This module is the only thing the reference server and the widget share: it describes JSON on the
 * wire, nothing else. The types are split by area in `src/api/wire/` and re-exported here; import them
 * from this module. Runtime types of the widget (pins on screen, UI state) live beside their code.
 * Shapes the spec leaves "not shown" are the project's decisions, recorded in docs/api-decisions.md;
 * the widget must stay tolerant of other reasonable shapes, so optional fields are marked as such.
 */

export * from './wire/common';
export * from './wire/delta';
export * from './wire/users';
export * from './wire/messages';
export * from './wire/threads';
export * from './wire/markups';
export * from './wire/items';
export * from './wire/workspace';
export * from './wire/auth';
export * from './wire/guests';
export * from './wire/uploads';
export * from './wire/webhooks';
export * from './wire/metrics';
export * from './wire/inbox';
