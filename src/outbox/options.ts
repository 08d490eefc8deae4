/**
 * What an outbox (outbox.ts) takes from its options: the clock, the timer and the retry rules, with
 * a default for each one left out, and an event emitter already wired to the option callbacks
 * (onChange, onSent, onFailed).
 */
import { Emitter } from '../util/emitter';
import { classifyError } from './errors';
import type { OutboxEvents, OutboxOptions, TimerSetter } from './types';

const setTimeoutTimer: TimerSetter = (run, ms) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

export function resolveOptions<Kinds extends object>(options: OutboxOptions<Kinds>) {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? setTimeoutTimer;
  const rules = { classify: options.classify ?? classifyError, random: options.random ?? Math.random, backoff: options.backoff };
  const emitter = new Emitter<OutboxEvents<Kinds>>();
  if (options.onChange) emitter.on('change', options.onChange);
  if (options.onSent) emitter.on('sent', ({ item, result }) => options.onSent?.(item, result));
  if (options.onFailed) emitter.on('failed', ({ item, error }) => options.onFailed?.(item, error));
  return { now, setTimer, rules, emitter };
}
