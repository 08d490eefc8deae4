/**
 * Events and webhooks (docs/api-decisions.md, "Events and webhooks"): the outbox write behind every
 * event (operations announce events through server/model/events.ts) and the delivery worker main.ts starts.
 */
export { recordEvent, type RecordEventInput, type RecordedEvent } from './record.ts';
export { createDeliveryWorker, sweepWebhookDeliveries, type DeliveryWorker, type DeliveryWorkerOptions } from './worker.ts';
