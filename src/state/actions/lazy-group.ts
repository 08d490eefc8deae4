/**
 * The one way a group of actions arrives lazily (writing-tools.ts: the reviewing chunk). Until the
 * group is here its actions can be called anyway: each runs once the group has arrived, and a
 * download that fails is reported once per call and tried again on the next. The deferred actions
 * are not listed by hand: any name of the group's type is answered (a Proxy), so the first load
 * carries no list of names and a new action needs no entry here.
 */
import { lazyModule } from '../../util/lazy-module';

/** The group's actions as callable before it arrives (their results, if any, are not waited for). */
export type Deferred<Group> = {
  [Name in keyof Group]: Group[Name] extends (...args: infer Args) => unknown ? (...args: Args) => void : never;
};

export interface LazyGroup<Group extends object> {
  /** Every action of the group, callable now (put it behind the controller's own actions). */
  deferred: Deferred<Group>;
  /** The group, arriving (once); rejects when its chunk cannot be downloaded. */
  load(): Promise<Group>;
  /** The group if it has arrived, for synchronous reads. */
  loaded(): Group | undefined;
}

/** `create` builds the group from its chunk once; `failed` hears a download that did not work. */
export function lazyGroup<Chunk, Group extends object>(
  importer: () => Promise<Chunk>,
  create: (chunk: Chunk) => Group,
  failed: (error: unknown) => void,
): LazyGroup<Group> {
  const chunk = lazyModule(importer);
  let group: Group | undefined;
  const load = () => chunk.load().then((loaded) => (group ??= create(loaded)));
  /** One function per name, so a handler the UI passes on keeps its identity between renders. */
  const made = new Map<string, (...args: unknown[]) => void>();
  const call = (name: string, args: unknown[]) => (group as Record<string, (...a: unknown[]) => unknown>)[name]!(...args);
  const deferred = new Proxy({} as Deferred<Group>, {
    get(target, name) {
      // Object's own names stay Object's, and `then` is absent: the actions are not a promise.
      if (typeof name !== 'string' || name in target || name === 'then') return Reflect.get(target, name);
      let action = made.get(name);
      if (!action) {
        action = (...args: unknown[]) => {
          if (group) void call(name, args);
          else load().then(() => call(name, args), failed);
        };
        made.set(name, action);
      }
      return action;
    },
  });
  return { deferred, load, loaded: () => group };
}
