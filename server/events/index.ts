/**
 * Events and webhooks (docs/api-decisions.md, "Events and webhooks"): what operations import to
 * announce an event, the payload builders, and the delivery worker main.ts starts.
 */
export { recordEvent, type RecordEventInput, type RecordedEvent } from './record.ts';
export { commentEventData, markupEventData } from './payloads.ts';
export { createDeliveryWorker, sweepWebhookDeliveries, type DeliveryWorker, type DeliveryWorkerOptions } from './worker.ts';
