/** Shorthands for the route tables, so each row reads as one line of facts. */
import type { Success } from './types.ts';

export const ok = (data: string): Success => ({ status: 200, data });
export const created = (data: string): Success => ({ status: 201, data });
export const noContent = (note?: string): Success => (note ? { status: 204, note } : { status: 204 });
