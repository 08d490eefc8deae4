/**
 * Which names and attributes may go into a stored selector. A pin is only as durable as the names
 * its paths rely on: a name a build tool or framework generated (CSS-in-JS hashes, `:r1:`), one that
 * flips with interaction (`is-open`, `aria-expanded`) or one that only describes looks (Tailwind's
 * `p-4`) changes without the element changing, and a path through it breaks or, worse, finds another
 * element. Only names a developer chose to identify something are used. Lazy (describing only).
 */

/** Attributes written for tests: the most deliberate, durable hooks a page has. */
export const TEST_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-cy', 'data-qa'] as const;

/** Other attributes whose value names the element (ranked after test hooks and ids). */
const NAMING_ATTRIBUTES = new Set(['name', 'aria-label', 'href', 'for', 'title', 'alt', 'placeholder', 'role', 'type', 'src', 'action']);

/** `data-*` attributes that carry state or framework bookkeeping, not identity. */
const STATE_DATA_ATTRIBUTE =
  /^data-(state|active|selected|open|orientation|side|align|disabled|highlighted|checked|focus|hover|index|reactid|react|v-|headlessui|radix|aria|rk|ved|sentry|gtm|analytics|track)/;

/** Framework and build-tool prefixes followed (soon) by a counter or hash: `css-1x2y3z`, `ember123`, `mat-input-0`. */
const GENERATED_PREFIX =
  /^(css|jsx|svelte|emotion|styled|astro|makeStyles|jss|glamor|ember|ext-gen|yui_|react-select|downshift|headlessui|radix|mui|mantine|cdk|mat|ui-id|uid|id|el|ng|_ng|vue|chakra)([-_:][\w:-]*)?\d/i;

/**
 * Ids that libraries count out per page load under names that look hand-written (`gwt-uid-12`,
 * `x-auto-7`, `__BVID__23`, Vuetify's `input-12`, `rc-tabs-3-tab-2`, `tab-4`, data grids' `row-3`): a widget's kind and
 * its place in the render order. One more component rendered earlier renumbers all that follow, and
 * the old name then belongs to another element — a path through it lands there silently.
 */
const COUNTED =
  /^(?:__)?(?:gwt-uid|x-auto|x-gen|ext-comp|ext-element|bvid|react-aria|rc[-_](?:tabs|select|menu|tree|tooltip|collapse|picker)|tippy|dijit_\w+|j_idt?|mce|cke|yui-gen|input|field|select|checkbox|radio|switch|toggle|tooltip|popover|dropdown|listbox|option|combobox|menu|menuitem|dialog|modal|tab|tabpanel|accordion|collapse|uid|widget|component|instance|control|ctrl|row|grid-row|list-item|tree-?node)(?:__|[-_])?\d+(?:$|[-_:])/i;

/** Next.js / webpack CSS Modules: `[name]_[local]__[hash:base64:5]` (`Button_root__x7Ka2`, `Home_main__nLjiQ`), often without a digit. */
const CSS_MODULE_BASE64 = /^[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9-]+__([\w-]{5})$/;

/** Interaction states, as a whole name or a suffix (`open`, `menu-open`, `is-active`): they come and go. */
const STATE_WORDS =
  'active|hover|hovered|focus|focused|focus-visible|focus-within|selected|open|opened|closed|expanded|collapsed|visible|invisible|hidden|disabled|enabled|current|checked|show|showing|shown|loading|loaded|animating|animated|dirty|pristine|touched|untouched|valid|invalid|pending|sticky|stuck|dragging|pressed|in|out|fade';
const STATE_NAME = new RegExp(`^(is|has)-|^(${STATE_WORDS})$|[-_](${STATE_WORDS})$`, 'i');

/** Tailwind/Bootstrap utilities (`p-4`, `text-gray-600`, `col-md-6`): they say how it looks, and a restyle changes them. */
const UTILITY_PREFIX =
  /^-?(m|p|[mp][trblxyse]|w|h|size|min-w|max-w|min-h|max-h|gap|gap-[xy]|space-[xy]|text|bg|border|border-[trblxyse]|rounded|rounded-[trblse]{1,2}|shadow|font|leading|tracking|items|justify|content|self|place-items|place-content|place-self|order|z|top|left|right|bottom|start|end|inset|inset-[xy]|opacity|overflow|overflow-[xy]|cursor|transition|duration|delay|ease|ring|ring-offset|fill|stroke|divide|divide-[xy]|translate-[xy]|scale|scale-[xy]|rotate|skew-[xy]|from|to|via|grid-cols|grid-rows|col|col-span|col-start|col-end|row|row-span|basis|grow|shrink|flex|line-clamp|aspect|object|outline|decoration|underline-offset|columns|align|whitespace|select|pointer-events|animate|backdrop|blur|brightness|drop-shadow|d|float|g|gx|gy|fs|fw|lh|col-xs|col-sm|col-md|col-lg|col-xl|col-xxl|offset|offset-[a-z]{2})-(.+)$/;
const UTILITY_VALUE =
  /\d|^(xs|sm|md|lg|xl|xxl|base|auto|full|screen|svh|dvh|min|max|fit|px|none|center|start|end|between|around|evenly|stretch|baseline|wrap|nowrap|col|row|col-reverse|row-reverse|hidden|visible|scroll|clip|left|right|top|bottom|inherit|current|transparent|white|black|bold|semibold|medium|normal|light|thin|extrabold|extralight|tight|tighter|snug|relaxed|loose|wide|wider|widest|solid|dashed|dotted|double|inner|pointer|default|mono|sans|serif|block|inline|inline-block|flex|grid|contents|cover|contain|primary|secondary|tertiary|muted|success|danger|warning|info|dark|body|emphasis|x|y|t|b|l|r|s|e|up|down|in|out|in-out|linear|all|colors|opacity|shadow|transform|spin|ping|pulse|bounce|italic|uppercase|lowercase|capitalize|underline|line-through|ellipsis|square|video|video|gradient-to-[a-z]{1,2}|[a-z]+-(\d{2,3}|50))$/;
const UTILITY_WORDS = new Set([
  'flex',
  'grid',
  'block',
  'inline',
  'inline-block',
  'inline-flex',
  'inline-grid',
  'hidden',
  'contents',
  'table',
  'relative',
  'absolute',
  'fixed',
  'sticky',
  'static',
  'container',
  'container-fluid',
  'truncate',
  'underline',
  'uppercase',
  'lowercase',
  'capitalize',
  'italic',
  'antialiased',
  'shadow',
  'rounded',
  'border',
  'grow',
  'shrink',
  'transition',
  'transform',
  'clearfix',
  'row',
  'col',
  'group',
  'peer',
  'sr-only',
  'visually-hidden',
  'pull-left',
  'pull-right',
  'small',
  'lead',
  'mx-auto',
  'prose',
  'dark',
  'light',
]);

/** A token that looks machine-made: a hash, a counter, a random mix of case. */
function looksGenerated(name: string): boolean {
  // styled-components: `sc-` + a component hash, always paired with a random class like `jYkLpd`.
  if (GENERATED_PREFIX.test(name) || /^sc-/.test(name) || COUNTED.test(name)) return true;
  const base64 = CSS_MODULE_BASE64.exec(name)?.[1];
  if (base64 && /[A-Z0-9_-]/.test(base64)) return true;
  // A run of 4+ digits: counters, timestamps, instance numbers (`ext-gen5678`, `comment-8127361`).
  if (/\d{4,}/.test(name)) return true;
  // React's useId (`:r1:`, `«r2»`) and the like: punctuation no developer types into a name.
  if (/[:«»]/.test(name)) return true;
  // Hex hashes: 6+ hex characters with both digits and letters (`a1b2c3`, `3f9e2a7c`).
  for (const run of name.match(/[a-f0-9]{6,}/gi) ?? []) if (/\d/.test(run) && /[a-f]/i.test(run)) return true;
  for (const part of name.split(/[-_]+/)) {
    if (part.length < 5) continue;
    // Letters and digits interleaved (`1x2y3z`, `k008qs`, CSS Modules' `3xYz1`).
    if (/[a-z]\d|\d[a-z]/i.test(part) && (part.match(/\d/g)?.length ?? 0) >= 2) return true;
    // Case flipping at random (`bdVaJa`, `eCzmCk`): mixed case with a consonant cluster no word has.
    if (/[a-z]/.test(part) && /[A-Z].*[A-Z]/.test(part.slice(1)) && (/[a-z][A-Z][a-z]?[A-Z]/.test(part) || /[^aeiouy\d]{4,}/i.test(part)))
      return true;
  }
  // CSS Modules: `Card__3xYz1` (a hash after `__`: starts with a digit or holds two), `_1Qz8s` (a bare hash).
  const hashed = /__([\w-]{5,8})$/.exec(name)?.[1];
  if (hashed && (/^\d/.test(hashed) || (hashed.match(/\d/g)?.length ?? 0) >= 2)) return true;
  return /^_[a-zA-Z0-9]{5,8}$/.test(name) && /\d/.test(name);
}

function isUtility(name: string): boolean {
  if (UTILITY_WORDS.has(name)) return true;
  const match = UTILITY_PREFIX.exec(name);
  return !!match && UTILITY_VALUE.test(match[2]!);
}

/** True for a class a developer wrote to name something (not generated, not state, not a utility). */
export function isStableClass(name: string): boolean {
  if (name.length < 2 || name.length > 48) return false;
  if (!/^-?[A-Za-z_][\w-]*$/.test(name)) return false; // variants (`md:flex`), fractions (`w-1/2`), `[3px]`
  if (looksGenerated(name) || STATE_NAME.test(name) || isUtility(name)) return false;
  // Angular's ng-* classes reflect form state (ng-pristine, ng-star-inserted…).
  return !/^ng-/.test(name);
}

/**
 * Class names judged with their neighbours: styled-components pairs its `sc-…` class with a random
 * style class (`jYkLpd`) that not every hash test catches, so next to an `sc-` class any bare
 * mixed-case word is taken for a hash too.
 */
export function stableClassesOf(element: Element): string[] {
  const names = Array.from(element.classList);
  const styled = names.some((n) => /^sc-/.test(n));
  return names.filter((n) => isStableClass(n) && !(styled && /^[a-zA-Z]{4,10}$/.test(n) && /[A-Z]/.test(n)));
}

/** True for an id that will be the same on the next visit. */
export function isStableId(id: string): boolean {
  if (id.length < 1 || id.length > 64 || /\s/.test(id)) return false;
  return !looksGenerated(id);
}

/** True for an attribute worth putting into a path; ids and classes are judged above. */
export function isStableAttribute(name: string, value: string): boolean {
  if (!value || value.length > 120 || /[\n\r"\\]/.test(value)) return false;
  if ((TEST_ATTRIBUTES as readonly string[]).includes(name)) return !/\d{5,}|[:«»]/.test(value);
  if (name === 'href' || name === 'src' || name === 'action') return isStableUrl(value);
  if (name === 'role' || name === 'type') return /^[a-z-]{2,24}$/.test(value);
  if (NAMING_ATTRIBUTES.has(name)) return !looksGenerated(value) || /\s/.test(value);
  if (name.startsWith('data-') && !STATE_DATA_ATTRIBUTE.test(name) && !looksGenerated(name.slice(5))) {
    return value.length <= 64 && !looksGenerated(value) && !/^(true|false|on|off|open|closed|\d)$/.test(value);
  }
  return false;
}

/** A link or source worth matching on: a path or address that does not vary per visit. */
function isStableUrl(value: string): boolean {
  if (/^(javascript|data|blob):/i.test(value) || value === '#' || value.length > 120) return false;
  // A link to a generated id (`#:r1:`, `#ember12`) points at whatever holds that id after the next render.
  const fragment = /#(.+)$/.exec(value)?.[1];
  if (fragment && looksGenerated(fragment)) return false;
  // Session ids, signatures, cache busters and tracking parameters differ per visit.
  if (/[?&](utm_|gclid|fbclid|sid=|session|token|sig|signature|expires|v=|ver=|_=)/i.test(value)) return false;
  return !/[a-f0-9]{12,}|\d{8,}/i.test(value);
}

/** How much an attribute says about identity; higher first. Used to rank hooks of one element. */
export function attributeRank(name: string): number {
  if ((TEST_ATTRIBUTES as readonly string[]).includes(name)) return 0;
  if (name === 'name' || name === 'for') return 1;
  if (name === 'href' || name === 'aria-label' || name === 'action') return 2;
  if (name.startsWith('data-')) return 3;
  if (name === 'title' || name === 'alt' || name === 'placeholder' || name === 'src') return 4;
  return 9; // role, type: qualify a step, rarely identify it alone
}
