/**
 * A tiny typed event emitter for the public `on(event, handler)` API.
 * A host handler that throws must never break the widget, so each call is isolated.
 */

export type Handler<T> = (payload: T) => void;

export class Emitter<Events extends object> {
  declare private handlers: Map<keyof Events, Set<Handler<never>>>;

  constructor() {
    this.handlers = new Map();
  }

  on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
    if (typeof handler !== 'function') return () => {};
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    // Wrap so the same function registered twice gets two independent subscriptions.
    const entry: Handler<Events[K]> = (payload) => handler(payload);
    set.add(entry as Handler<never>);
    return () => {
      set.delete(entry as Handler<never>);
    };
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.handlers.get(event);
    if (!set) return;
    // A copy, so handlers may (un)subscribe while it runs; one removed meanwhile is not called.
    for (const handler of [...set]) {
      if (!set.has(handler)) continue;
      try {
        (handler as Handler<Events[K]>)(payload);
      } catch (error) {
        console.warn(`[pinmark] a "${String(event)}" handler threw`, error);
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}
