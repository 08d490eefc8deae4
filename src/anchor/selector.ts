/**
 * CSS paths for elements, built with @medv/finder but kept stable and cheap: names that look
 * generated (CSS-in-JS hashes, framework ids) or that change with interaction (`is-active`, `open`)
 * are skipped, and the search is capped so a click never stalls the page. When finder gives up,
 * a structural `tag:nth-of-type()` chain (unique by construction) is used instead.
 */
import { attr as finderAttr, finder } from '@medv/finder';

/** Per-element search caps; describing one pin runs finder up to 6 times (target + 5 parents). */
const MAX_PATH_CHECKS = 150;
/** Time left for all finder runs of one pin; beyond it, structural paths are used. */
const DESCRIBE_BUDGET_MS = 30;

const GENERATED_PREFIX = /^(css|sc|jsx|svelte|emotion|styled|chakra|tw|astro|vue|ng|_ng|ember|ext-gen|yui_|react-)[-_]?/i;
const STATE_NAME = /^(is|has)-|(^|[-_])(active|hover|hovered|focus|focused|focus-visible|selected|open|opened|closed|expanded|collapsed|visible|hidden|disabled|current|checked|show|showing|loading|loaded|animating|animated)($|[-_])/i;
const STABLE_TEST_ATTRS = new Set(['data-testid', 'data-test', 'data-test-id', 'data-qa', 'data-cy']);

/** True for names a developer wrote and that survive a reload and a hover. */
export function isStableName(name: string): boolean {
  if (name.length < 2 || name.length > 40) return false;
  if (!/^[A-Za-z_-][\w-]*$/.test(name)) return false;
  if (GENERATED_PREFIX.test(name) && /\d|[a-z][A-Z]/.test(name)) return false;
  if (/\d{3,}/.test(name)) return false;
  // Hashes: a run of 6+ hex characters that contains a digit (e.g. `a1b2c3`).
  for (const run of name.match(/[a-f0-9]{6,}/gi) ?? []) if (/\d/.test(run)) return false;
  // Random case like styled-components' `bdVaJa`.
  if (/[a-z][A-Z][a-z][A-Z]/.test(name)) return false;
  // Angular's ng-* classes (ng-pristine, ng-star-inserted…) reflect state, not structure.
  if (/^ng-/.test(name)) return false;
  return !STATE_NAME.test(name);
}

function isStableAttr(name: string, value: string): boolean {
  if (STABLE_TEST_ATTRS.has(name)) return value.length > 0 && value.length < 100 && !/["\\\n]/.test(value);
  return finderAttr(name, value);
}

/** A path unique by construction: nth-of-type steps up to a stable id or to `body`. */
export function structuralPath(element: Element): string {
  const doc = element.ownerDocument;
  const steps: string[] = [];
  let current: Element | null = element;
  while (current && current !== doc.body && current !== doc.documentElement) {
    const id = current.getAttribute('id');
    if (id && isStableName(id) && doc.querySelectorAll(`#${CSS.escape(id)}`).length === 1) {
      steps.unshift(`#${CSS.escape(id)}`);
      return steps.join(' > ');
    }
    const tag = current.localName;
    let index = 1;
    for (let sibling = current.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      if (sibling.localName === tag) index++;
    }
    steps.unshift(`${CSS.escape(tag)}:nth-of-type(${index})`);
    current = current.parentElement;
  }
  if (current === doc.documentElement) return steps.length ? `html > ${steps.join(' > ')}` : 'html';
  steps.unshift('body');
  return steps.join(' > ');
}

/** Creates a path builder sharing one time budget across the elements of one pin. */
export function createPathBuilder(budgetMs = DESCRIBE_BUDGET_MS): (element: Element) => string {
  const deadline = performance.now() + budgetMs;
  return (element) => {
    const remaining = deadline - performance.now();
    const doc = element.ownerDocument;
    if (remaining > 2 && element !== doc.body && element !== doc.documentElement && doc.body?.contains(element)) {
      try {
        return finder(element, {
          root: doc.body,
          idName: isStableName,
          className: isStableName,
          attr: isStableAttr,
          timeoutMs: Math.min(remaining, 20),
          maxNumberOfPathChecks: MAX_PATH_CHECKS,
        });
      } catch {
        // finder throws when it finds nothing unique in time; the structural path always exists.
      }
    }
    return element === doc.body ? 'body' : structuralPath(element);
  };
}
