/**
 * Turns what a page logged (console arguments, uncaught errors, rejection reasons) into bounded text
 * for a diagnostics report, inside the page's own console call, so it must be cheap and harmless:
 *   - bounded: at most MAX_ENTRY_LENGTH characters per entry, 3 levels deep, 20 items per level, and
 *     the walk stops once its budget is spent (a logged 10 MB array costs nothing);
 *   - side-effect free: own properties are read through their descriptors, so a getter is never
 *     called (it shows as [Getter]) and no user toString/toJSON/valueOf runs; the only exceptions are
 *     an Error's name/message/stack and built-ins' own accessors (Map size, Response status), each
 *     read inside a try;
 *   - never throws: anything exotic (a revoked Proxy, a cross-origin window) becomes a placeholder.
 * Not JSON.stringify: it calls getters and toJSON, throws on cycles and BigInt, and has no budget.
 */
import type { RawConsoleEntry } from './core';
import { sanitizeUrlsInText } from './sanitize';

export const MAX_ENTRY_LENGTH = 1000;
const MAX_DEPTH = 3;
const MAX_ITEMS = 20;
const STACK_LINES = 5;
const GETTER = Symbol('getter');

/** The entry's text: formatted, URLs sanitised, capped. Already formatted entries pass through. */
export function formatConsoleEntry(entry: RawConsoleEntry): string {
  try {
    if (typeof entry.data === 'string') return entry.data;
    const text = entry.source === 'console' ? formatArgs(entry.data) : formatEvent(entry.data[0]);
    return capText(sanitizeUrlsInText(text), MAX_ENTRY_LENGTH);
  } catch {
    return '[unreadable]';
  }
}

/** Console arguments as the console shows them: printf-style substitutions, strings unquoted. */
export function formatArgs(args: readonly unknown[]): string {
  const describe = describer(MAX_ENTRY_LENGTH);
  const top = (value: unknown): string => {
    try {
      if (typeof value === 'string') return capText(value, MAX_ENTRY_LENGTH);
      return value instanceof Error ? formatError(value, true) : describe(value);
    } catch {
      return '[unreadable]'; // e.g. a Proxy whose traps throw
    }
  };
  let rest = args;
  const parts: string[] = [];
  const first = args[0];
  if (typeof first === 'string' && first.includes('%')) {
    let next = 1;
    parts.push(
      capText(first, MAX_ENTRY_LENGTH).replace(/%([sdifoOjc%])/g, (spec, kind: string) => {
        if (kind === '%') return '%';
        if (next >= args.length) return spec;
        const value = args[next++];
        if (kind === 'c') return ''; // CSS for the devtools console
        if (kind === 'd' || kind === 'i') return typeof value === 'number' ? String(Math.trunc(value)) : 'NaN';
        if (kind === 'f') return typeof value === 'number' ? String(value) : 'NaN';
        return top(value);
      }),
    );
    rest = args.slice(next);
  }
  for (const value of rest) parts.push(top(value));
  return parts.join(' ');
}

/** An uncaught ErrorEvent or a PromiseRejectionEvent (as the core stored them). */
function formatEvent(event: unknown): string {
  if (typeof PromiseRejectionEvent !== 'undefined' && event instanceof PromiseRejectionEvent) {
    const reason: unknown = event.reason;
    return reason instanceof Error ? formatError(reason, true) : formatArgs([reason]);
  }
  if (typeof ErrorEvent !== 'undefined' && event instanceof ErrorEvent) {
    const error: unknown = event.error;
    if (error instanceof Error) return formatError(error, true);
    // Cross-origin scripts give only "Script error."; thrown non-Errors have no stack: say where.
    const where = event.filename ? ` (${event.filename}:${event.lineno}:${event.colno})` : '';
    return `${error === null || error === undefined ? event.message : formatArgs([error])}${where}`;
  }
  return formatArgs([event]);
}

/** `Name: message` and, at the top level, the first stack frames. */
function formatError(error: Error, withStack: boolean): string {
  const name = readString(() => error.name) || 'Error';
  const message = readString(() => error.message);
  const head = message ? `${name}: ${message}` : name;
  const stack = withStack ? readString(() => error.stack) : '';
  if (!stack) return head;
  // V8 starts the stack with the head again; Firefox and Safari give frames only.
  const frames = (stack.startsWith(head) ? stack.slice(head.length) : stack)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, STACK_LINES);
  return [head, ...frames.map((frame) => `    ${frame}`)].join('\n');
}

function readString(read: () => unknown): string {
  try {
    const value = read();
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

/** An own property's value without running a getter (or a GETTER marker). */
function readOwn(object: object, key: PropertyKey): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(object, key);
  if (!descriptor) return undefined;
  return 'value' in descriptor ? descriptor.value : GETTER;
}

function constructorName(object: object): string {
  const proto: unknown = Object.getPrototypeOf(object);
  if (proto === null) return '[Object: null prototype]';
  const ctor = typeof proto === 'object' ? readOwn(proto as object, 'constructor') : undefined;
  const name = typeof ctor === 'function' ? readOwn(ctor, 'name') : '';
  return typeof name === 'string' && name !== 'Object' ? name : '';
}

function capText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const isA = (value: object, name: string): boolean => {
  const ctor = (globalThis as Record<string, unknown>)[name];
  return typeof ctor === 'function' && value instanceof ctor;
};

/** A budgeted describer for one entry: every value it prints takes from the same budget. */
function describer(budget: number): (value: unknown) => string {
  let left = budget;
  const ancestors: object[] = [];
  const emit = (text: string) => {
    left -= text.length;
    return text;
  };

  const walk = (value: unknown, depth: number): string => {
    if (left <= 0) return '…';
    try {
      switch (typeof value) {
        case 'string':
          return emit(JSON.stringify(capText(value, Math.max(left, 1))));
        case 'bigint':
          return emit(`${value}n`);
        case 'symbol':
          return emit(value === GETTER ? '[Getter]' : value.toString());
        case 'function': {
          const name = readOwn(value, 'name');
          return emit(`[Function ${typeof name === 'string' && name ? name : '(anonymous)'}]`);
        }
        case 'object':
          break;
        default:
          return emit(String(value)); // number, boolean, undefined
      }
      if (value === null) return emit('null');
      if (ancestors.includes(value)) return emit('[Circular]');
      const special = describeSpecial(value);
      if (special !== null) return emit(special);
      const isArray = Array.isArray(value);
      const name = constructorName(value);
      if (depth >= MAX_DEPTH) return emit(isArray ? '[…]' : `${name ? `${name} ` : ''}{…}`);
      ancestors.push(value);
      try {
        const items: string[] = [];
        let more = 0;
        if (isArray) {
          const length = Number(readOwn(value, 'length')) || 0;
          for (let i = 0; i < length && left > 0; i++) {
            if (items.length >= MAX_ITEMS) {
              more = length - i;
              break;
            }
            items.push(walk(readOwn(value, String(i)), depth + 1));
          }
        } else {
          const keys = Object.keys(value);
          for (const [index, key] of keys.entries()) {
            if (items.length >= MAX_ITEMS || left <= 0) {
              more = keys.length - index;
              break;
            }
            const label = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
            items.push(`${emit(label)}: ${walk(readOwn(value, key), depth + 1)}`);
          }
        }
        if (more) items.push(`… ${more} more`);
        return isArray ? `[${items.join(', ')}]` : `${name ? `${name} ` : ''}{${items.join(', ')}}`;
      } finally {
        ancestors.pop();
      }
    } catch {
      return emit('[unreadable]');
    }
  };

  return (value) => walk(value, 0);
}

/** Objects whose own properties say nothing (their state lives in internal slots or getters). */
function describeSpecial(value: object): string | null {
  if (value instanceof Error) return formatError(value, false);
  if (isA(value, 'Node')) return describeNode(value as Node);
  if (isA(value, 'Window')) return '[Window]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (value instanceof Promise) return 'Promise {…}';
  if (ArrayBuffer.isView(value)) return `${Object.prototype.toString.call(value).slice(8, -1)}(${value.byteLength} bytes)`;
  if (value instanceof ArrayBuffer) return `ArrayBuffer(${value.byteLength} bytes)`;
  if (value instanceof Map) return `Map(${value.size})`;
  if (value instanceof Set) return `Set(${value.size})`;
  if (isA(value, 'Response')) return `Response {status: ${(value as Response).status}, url: ${JSON.stringify((value as Response).url)}}`;
  if (isA(value, 'Event')) return `${constructorName(value) || 'Event'} {type: ${JSON.stringify((value as Event).type)}}`;
  return null;
}

function describeNode(node: Node): string {
  if (node.nodeType === 1) {
    const element = node as Element;
    const id = element.id ? `#${element.id}` : '';
    const classes = (element.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 3);
    return capText(`<${element.localName}${id}${classes.map((c) => `.${c}`).join('')}>`, 200);
  }
  if (node.nodeType === 3) return `#text ${JSON.stringify(capText(node.textContent ?? '', 60))}`;
  return node.nodeName;
}
