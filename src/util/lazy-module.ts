/**
 * A module that is imported only when first needed, so it stays out of the widget's first load
 * (every visitor of every customer page pays for that load; only reviewers need these parts).
 * One import at a time; a failed import (offline, deploy in between) is retried on the next call.
 */
export interface LazyModule<M> {
  /** Imports the module (once) and resolves with it. */
  load(): Promise<M>;
  /** The module if it has already arrived, for synchronous use. */
  loaded(): M | undefined;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let pending: Promise<M> | undefined;
  let value: M | undefined;
  return {
    load() {
      pending ??= importer().then(
        (module) => (value = module),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}
