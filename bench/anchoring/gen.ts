/**
 * Toolkit for the anchoring corpus: a seeded random source (every run builds the same pages), an
 * HTML string builder, filler text, and the machine-made names real sites are full of (CSS-in-JS
 * hashes, CSS Modules, React/Radix/Ember ids). Every generated name is recorded with the recipe that
 * made it, so the "regenerated" mutations can mint a fresh one of the same style, the way a rebuild or
 * a re-render would. Runs in the page (bundled into the harness) and in Node.
 */

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  /** mulberry32: small, fast, good enough for test data. */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}

type Attrs = Record<string, string | number | boolean | null | undefined>;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `h('a', {href: '/x', class: 'link'}, 'text', h('b', {}, 'bold'))` → HTML. Children are HTML strings; use `t()` for text. */
export function h(tag: string, attrs: Attrs = {}, ...children: (string | string[])[]): string {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    open += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  if (/^(img|input|br|hr|meta|link|source)$/.test(tag)) return `${open}>`;
  return `${open}>${children.flat().join('')}</${tag}>`;
}

/** Text content, escaped. */
export const t = (text: string) => escapeHtml(text);

/** Content words (a few hundred, so unrelated texts rarely share many) and the function words every text shares. */
const WORDS = (
  'alpha bright canvas delta ember frame garden harbor island jungle kernel lemon meadow nectar orbit pixel quartz ' +
  'river summit timber urban velvet willow xenon yonder zephyr account billing cart checkout delivery export feature ' +
  'growth history invoice journey launch metric notice order payment quota report search team update value widget ' +
  'anchor badge beacon border bridge cabin candle carbon castle cedar chalk cipher cloud cobalt comet copper coral ' +
  'cotton crane crystal dawn desert dial domain dragon dune eagle echo engine falcon fabric feather fern fiber field ' +
  'flame flint forest fossil fountain galaxy glacier glass granite gravel grove harvest hazel helix horizon ivory ' +
  'jasper juniper lagoon lantern laser lattice ledger lilac linen lotus lunar magnet maple marble marsh meteor mint ' +
  'mirror mosaic motor nebula needle noble north oasis ocean olive onyx opal orchid paddle palm panel paper pearl ' +
  'pepper pilot pine planet plaza pocket prairie prism pulse radar raven reef ribbon ridge rocket saddle sage sail ' +
  'salmon sand satin scarlet shadow shell signal silver sketch slate solar spark spice spiral spruce stone storm ' +
  'stream sugar sunset swift tango thistle thunder tiger topaz tower trail tulip tundra valley vapor vector violet ' +
  'voyage wagon walnut wave wheat whisper winter wolf yarrow zenith budget client contract customer dashboard ' +
  'deadline discount estimate inventory license message network partner pricing product project refund release ' +
  'schedule service session shipping storage support ticket traffic upgrade vendor'
).split(' ');
const FUNCTION_WORDS = 'the and of to a in for with on is by at from this that your our'.split(' ');

export class Gen {
  /** Generated class names and ids on this page, each with the recipe that makes a fresh one. */
  readonly generatedClasses = new Map<string, () => string>();
  readonly generatedIds = new Map<string, () => string>();
  private counter = 0;

  constructor(readonly rng: Rng) {}

  int = (a: number, b: number) => this.rng.int(a, b);
  pick = <T>(items: readonly T[]) => this.rng.pick(items);
  chance = (p: number) => this.rng.chance(p);
  word = () => this.rng.pick(WORDS);
  words = (min: number, max = min) => Array.from({ length: this.rng.int(min, max) }, () => this.word()).join(' ');
  title = (n = 3) => this.words(n).replace(/^\w/, (c) => c.toUpperCase());
  /** Prose: content words with function words between them, as in any text. */
  sentence = () =>
    `${Array.from({ length: this.rng.int(6, 14) }, (_, i) => (i > 0 && this.rng.chance(0.35) ? this.rng.pick(FUNCTION_WORDS) : this.word()))
      .join(' ')
      .replace(/^\w/, (c) => c.toUpperCase())}.`;
  paragraph = (min = 2, max = 4) => Array.from({ length: this.rng.int(min, max) }, () => this.sentence()).join(' ');
  slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  /** A unique number for keys (product ids, rows): stable, developer-chosen identity. */
  serial = () => ++this.counter;

  private chars(alphabet: string, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.rng.next() * alphabet.length)];
    return s;
  }
  private hash = (n: number) => this.chars('abcdefghijklmnopqrstuvwxyz0123456789', n);
  private record(map: Map<string, () => string>, make: () => string): string {
    const name = make();
    map.set(name, make);
    return name;
  }

  /** Emotion / MUI v5: `css-1x2y3z` (optionally labelled `css-1x2y3z-Card`). */
  emotion = (label?: string) =>
    this.record(this.generatedClasses, () => `css-${this.rng.int(1, 9)}${this.hash(5)}${label ? `-${label}` : ''}`);
  /** styled-components: a component class `sc-xxxxx` plus a style class `jYkLpd`. */
  styled = () => {
    const cased = () =>
      Array.from({ length: 6 }, () => this.chars('abcdefghijklmnopqrstuvwxyz', 1))
        .map((c) => (this.rng.chance(0.5) ? c.toUpperCase() : c))
        .join('');
    const component = this.record(this.generatedClasses, () => `sc-${this.chars('abcdefghijklmnopqrstuvwxyz', 5)}`);
    const style = this.record(this.generatedClasses, () =>
      cased().replace(/^(.)(.)/, (_, a: string, b: string) => a.toLowerCase() + b.toUpperCase()),
    );
    return `${component} ${style}`;
  };
  /** styled-jsx: `jsx-2837465102`. */
  jsx = () => this.record(this.generatedClasses, () => `jsx-${this.chars('0123456789', 10)}`);
  /** CSS Modules in production: `Card_title__3xYz1` or `_a1b2c3`. */
  cssModule = (local: string) =>
    this.record(this.generatedClasses, () =>
      this.rng.chance(0.5) ? `${local}__${this.rng.int(1, 9)}${this.hash(4)}` : `_${this.rng.int(1, 9)}${this.hash(5)}`,
    );
  /** Svelte's scoping class. */
  svelte = () => this.record(this.generatedClasses, () => `svelte-${this.rng.int(1, 9)}${this.hash(6)}`);

  /** React useId, Radix, Headless UI, Ember, MUI, uuid-style ids: a different one on every render or build. */
  generatedId = (style: 'react' | 'radix' | 'headless' | 'ember' | 'mui' | 'uuid' | 'ng' = 'react') =>
    this.record(this.generatedIds, () => {
      const n = this.rng.int(1, 400);
      switch (style) {
        case 'react':
          return `:r${n.toString(32)}:`;
        case 'radix':
          return `radix-:r${n.toString(32)}:`;
        case 'headless':
          return `headlessui-${this.pick(['menu-button', 'listbox-option', 'dialog', 'tabs-panel', 'disclosure-panel'])}-${n}`;
        case 'ember':
          return `ember${this.rng.int(100, 9999)}`;
        case 'mui':
          return `mui-${this.rng.int(10000, 99999)}`;
        case 'ng':
          return `mat-input-${n}`;
        case 'uuid':
          return `${this.hash(8)}-${this.hash(4)}-4${this.hash(3)}-a${this.hash(3)}-${this.hash(12)}`;
      }
    });

  /**
   * How far every counter below has moved since the page was described: a counter-made id is the
   * n-th component rendered, so one more (or fewer) component before it renumbers all that follow.
   * The "ids regenerated" mutation sets it; 0 while the page is first built.
   */
  counterShift = 0;
  private counters = new Map<string, number>();
  private next(style: string): number {
    const n = this.counters.get(style) ?? this.rng.int(0, 40);
    this.counters.set(style, n + 1);
    return n;
  }

  /**
   * Ids that frameworks count out per page load — React's useId (`:r1a:`), Ember (`ember123`), GWT
   * (`gwt-uid-12`), Ext JS (`x-auto-12`), Bootstrap-Vue (`__BVID__23`), Vuetify (`input-12`), Ant's
   * rc-tabs (`rc-tabs-3-tab-2`), react-select (`react-select-3-input`) — and GUIDs minted per render.
   * A re-render renumbers the counted ones by `counterShift`, so yesterday's id now names another element.
   */
  countedId = (style: 'react' | 'ember' | 'gwt' | 'ext' | 'bvid' | 'vuetify' | 'rc-tabs' | 'react-select' | 'guid') => {
    if (style === 'guid') {
      const hex = (n: number) => this.chars('0123456789ABCDEF', n);
      return this.record(this.generatedIds, () => `${hex(8)}-${hex(4)}-4${hex(3)}-A${hex(3)}-${hex(12)}`);
    }
    const n = this.next(style);
    return this.record(this.generatedIds, () => {
      const k = n + this.counterShift;
      switch (style) {
        case 'react':
          return `:r${k.toString(32)}:`;
        case 'ember':
          return `ember${k + 100}`;
        case 'gwt':
          return `gwt-uid-${k}`;
        case 'ext':
          return `x-auto-${k}`;
        case 'bvid':
          return `__BVID__${k}`;
        case 'vuetify':
          return `input-${k}`;
        case 'rc-tabs':
          return `rc-tabs-${k}-tab-${this.pick(['1', '2', '3'])}`;
        case 'react-select':
          return `react-select-${k}-input`;
      }
    });
  };

  /**
   * Any library's counted id: `prefix` + the n-th number of that prefix on this page (`__BVID__`,
   * `dijit_form_Button_`, `ui-id-`, `accordion-`…), renumbered by `counterShift` like the others.
   */
  counted = (prefix: string) => {
    const n = this.next(prefix);
    return this.record(this.generatedIds, () => `${prefix}${n + this.counterShift}`);
  };

  /** Next.js CSS Modules (`Button_root__x7Ka2`: base64 hash, often no digit at all). */
  nextModule = (component: string, local: string) =>
    this.record(
      this.generatedClasses,
      () => `${component}_${local}__${this.chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 5)}`,
    );
  /** Angular's animation scope class (`ng-tns-c12-3`): component counter and instance. */
  ngTns = () => this.record(this.generatedClasses, () => `ng-tns-c${this.rng.int(10, 3999)}-${this.rng.int(0, 40)}`);
  /** styled-components v4 component class alone (`sc-bdVaJa`). */
  styledComponent = () =>
    this.record(
      this.generatedClasses,
      () =>
        `sc-${this.chars('abcdefghijklmnopqrstuvwxyz', 3)}${this.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 1)}${this.chars('abcdefghijklmnopqrstuvwxyz', 1)}${this.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 1)}${this.chars('abcdefghijklmnopqrstuvwxyz', 1)}`,
    );
}

/** One corpus page: a name, its style sheet and its body. */
export interface CorpusPage {
  css: string;
  body: string;
}

export type PageBuilder = (g: Gen) => CorpusPage;
