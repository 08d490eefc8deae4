/**
 * Section: pin survival. For every kind of page change, hundreds of pins are dropped on the
 * generated corpus (bench/anchoring/corpus, 35 page kinds), the page is changed on the pinned
 * element's branch (bench/anchoring/mutations.ts), and the pin is located again. Reported per change:
 * how often the pin lands exact on the same element, approximate, orphaned, or wrong.
 * `BENCH_PINS` sets pins per change (default 700: 20 per page kind).
 *
 * Calibration (issue 14, second round): the corpus and the changes are tuned so that the anchoring
 * code from before issue 14 (b82a84b^, built into this bench from a scratch copy) scores near what
 * that code scored on about forty saved real pages. Real pages / that code on this bench: overall
 * same 94.9 % / 94.7 %, wrong 0.5 % / 0.6 %; text edited 91 % / 93.3 %; ids regenerated 93 % /
 * 92.8 % (widget libraries counting ids under hand-written-looking names: corpus/widgets.ts; the
 * first corpus said 99.4 %); everything combined 84 % / 83.1 % (a random subset of the changes,
 * mutations.ts COMBINED_SHARE; all nine at once said 62 %). Not matched: list reordered puts 0.3 %
 * of pins on another item with that code where real pages showed 3.7 % — real lists are longer
 * than this corpus's (a shape of more than 200 elements carries no content mark).
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { harnessScript } from './anchoring/bundle.ts';
import { CORPUS } from './anchoring/corpus/index.ts';
import type { Outcome, TrialResult } from './anchoring/harness.ts';
import type { MutationName } from './anchoring/mutations.ts';
import { markdownTable, type BenchRow, type BenchSection } from './section.ts';

/** Issue 14: a wrong pin is worse than an unplaced one (which the reviewer sees listed), so wrong is aimed per change. */
const AIM = { same: 97, wrong: 0.2 };
/** Pins per change and page kind: 20 × 35 kinds = 700 per change, so 0.2 % is about one pin. */
const PINS_PER_PAGE_KIND = 20;
/** Reported but not part of the overall numbers: with the element gone, "same element" is impossible. */
const REMOVED: MutationName = 'pinned element removed';

export interface SurvivalCounts {
  mutation: MutationName;
  total: number;
  counts: Record<Outcome, number>;
  /** The same pins located without their content marks (selectors only). */
  plain: Record<Outcome, number>;
  failures: TrialResult[];
}

/** Opens a page with the harness injected. */
export async function harnessPage(): Promise<{ page: Page; close(): Promise<void> }> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
  await page.addScriptTag({ content: await harnessScript() });
  return { page, close: () => browser.close() };
}

export async function runSurvival(pinsPerClass: number, only?: MutationName[]): Promise<SurvivalCounts[]> {
  const { page, close } = await harnessPage();
  try {
    const mutations = only ?? ((await page.evaluate('PinmarkBench.mutationNames')) as MutationName[]);
    const results: SurvivalCounts[] = [];
    for (const [m, mutation] of mutations.entries()) {
      const specs = Array.from({ length: pinsPerClass }, (_, i) => [i, 7919 * (i + 1) + 104729 * m, mutation] as const);
      const counts: Record<Outcome, number> = { same: 0, approximate: 0, orphaned: 0, wrong: 0 };
      const plain: Record<Outcome, number> = { same: 0, approximate: 0, orphaned: 0, wrong: 0 };
      const failures: TrialResult[] = [];
      for (let start = 0; start < specs.length; start += 40) {
        const batch = (await page.evaluate(`PinmarkBench.runBatch(${JSON.stringify(specs.slice(start, start + 40))})`)) as TrialResult[];
        for (const r of batch) {
          counts[r.outcome]++;
          plain[r.plain]++;
          if (r.outcome !== 'same') failures.push(r);
        }
      }
      results.push({ mutation, total: specs.length, counts, plain, failures });
    }
    return results;
  } finally {
    await close();
  }
}

const pct = (n: number, total: number) => `${((100 * n) / Math.max(1, total)).toFixed(1)} %`;

export async function measure(): Promise<BenchSection> {
  const pins = Number(process.env.BENCH_PINS ?? PINS_PER_PAGE_KIND * CORPUS.length);
  const results = await runSurvival(pins);
  const counted = results.filter((r) => r.mutation !== REMOVED);
  const sum = (o: Outcome) => counted.reduce((s, r) => s + r.counts[o], 0);
  const total = counted.reduce((s, r) => s + r.total, 0);
  const baseline = results.find((r) => r.mutation === 'no change')!;
  const removed = results.find((r) => r.mutation === REMOVED);
  const sameAll = (100 * sum('same')) / total;
  const wrongAll = (100 * sum('wrong')) / total;

  const rows: BenchRow[] = [
    {
      what: `same element, all changes (${total} pins)`,
      measured: pct(sum('same'), total),
      budget: `≥ ${AIM.same} %`,
      ok: sameAll >= AIM.same,
    },
    { what: 'wrong element, all changes', measured: pct(sum('wrong'), total), budget: `< ${AIM.wrong} %`, ok: wrongAll < AIM.wrong },
    {
      what: 'same element, no change',
      measured: pct(baseline.counts.same, baseline.total),
      budget: '100 %',
      ok: baseline.counts.same === baseline.total,
    },
  ];
  const worstWrong = counted.reduce(
    (worst, r) => ((100 * r.counts.wrong) / r.total > (100 * worst.counts.wrong) / worst.total ? r : worst),
    counted[0]!,
  );
  rows.push({
    what: `wrong element, worst change (${worstWrong.mutation})`,
    measured: pct(worstWrong.counts.wrong, worstWrong.total),
    budget: `< ${AIM.wrong} %`,
    ok: (100 * worstWrong.counts.wrong) / worstWrong.total < AIM.wrong,
  });
  if (removed)
    rows.push({
      what: 'pinned element removed: wrong',
      measured: pct(removed.counts.wrong, removed.total),
      budget: `< ${AIM.wrong} %`,
      ok: (100 * removed.counts.wrong) / removed.total < AIM.wrong,
    });

  const table = markdownTable(
    [
      'Change',
      'Pins',
      'Same element',
      'Not placed (approximate + orphaned)',
      'Approximate',
      'Orphaned',
      'Wrong',
      'Same / wrong, selectors only',
    ],
    results.map((r) => [
      r.mutation,
      String(r.total),
      pct(r.counts.same, r.total),
      pct(r.counts.approximate + r.counts.orphaned, r.total),
      ...(['approximate', 'orphaned', 'wrong'] as const).map((o) => pct(r.counts[o], r.total)),
      `${pct(r.plain.same, r.total)} / ${pct(r.plain.wrong, r.total)}`,
    ]),
  );
  const plainSame = counted.reduce((s, r) => s + r.plain.same, 0);
  const plainWrong = counted.reduce((s, r) => s + r.plain.wrong, 0);
  rows.push({
    what: 'same / wrong, all changes, selectors only (no content marks)',
    measured: `${pct(plainSame, total)} / ${pct(plainWrong, total)}`,
    budget: '—',
    ok: null,
  });
  return { title: 'Pin survival', rows, detail: `${table}\n\n${DEFINITIONS}\n\n${belowAim(results)}` };
}

/** Why a change is below the aim (written from reading the failures of these runs; see WHY). */
function belowAim(results: SurvivalCounts[]): string {
  const low = results.filter((r) => r.mutation !== REMOVED && (100 * r.counts.same) / r.total < AIM.same);
  if (!low.length) return 'Every change is at or above the aim.';
  const why = low.map(
    (r) =>
      `*${r.mutation}* (${r.counts.same} of ${r.total}): ${WHY[r.mutation] ?? 'see the failures (bench/anchoring/harness.ts reports their paths).'}`,
  );
  return `**Below the aim.** ${COMMON_CAUSE}\n\n${why.map((w) => `- ${w}`).join('\n')}`;
}

const DEFINITIONS = `**Method.** Each pin is one trial: a corpus page (35 kinds: article, docs, news front page, comment thread, FAQ, a 2000s table layout, Tailwind product grid, product page with Headless UI tabs, pricing, checkout with React \`useId\` ids, search results, Emotion dashboard, React kanban with Radix ids, Ember inbox, settings tabs, styled-components chat, CSS Modules calendar, Angular admin table, Tailwind and styled-components landing pages, Bootstrap mega menu, Svelte gallery, styled-jsx team page, Vue app with scoped-style attributes; and, added for issue 14 to look like the real web: a phpBB-era forum in tables and \`<font>\` tags without a class, a Hacker-News-like link board, long articles of dozens of paragraphs with headings without ids (half of them wiki-like, densely linked), a shop list of cards that differ only by their names (prices, ratings, stock labels and "Add to cart" shared), a blog's comment list without ids, a site search whose links carry per-visit signatures, and two apps whose ids and classes come from several generators at once — React \`useId\`, Ember, GWT, Ext JS, Bootstrap-Vue, Vuetify and rc-tabs counters, GUIDs, Next.js CSS Modules \`Button_root__x7Ka2\`, styled-components \`sc-bdVaJa\`, Angular \`ng-tns-c12-3\`; and three built from widget libraries that count ids out on look-alike items — Bootstrap-Vue \`__BVID__23\` and Vuetify \`input-12\` form groups, Dojo \`dijit__TreeNode_7\` tree rows and \`dijit_form_Button_3\` buttons with jQuery UI \`ui-id-4\` tabs, a TinyMCE \`mce_12\` toolbar with \`menuitem-5\` menus and \`row-3\` grid rows) is generated from a seed in an iframe 1280 px wide; a reviewer-like click picks a visible element (leaves and small boxes weighted up) and a random spot in it; \`describePin\` writes the anchor, which goes through JSON like the server's copy; the page is changed on the pinned element's branch; \`resolvePin\` finds it again. Which element is "the same" is tracked outside the DOM (a WeakMap; re-rendered copies inherit their original's identity), so nothing in the page gives the answer away.

**Changes** (bench/anchoring/mutations.ts), applied to the pinned element or one of its three nearest ancestors (nearer more often): *element inserted before* — a look-alike (a copy with other text and keys) before a repeated item, a notice elsewhere; *generated classes / ids regenerated* — every machine-made name on the page renamed the way a rebuild or re-render does (style sheet and \`for\`/\`aria-*\` references too; counted ids all move on by the same 1–6, so an old id may now name another element); *a sibling removed* (before it 60 % of the time); *list reordered* — the nearest list on the branch (ul/ol/tbody, ARIA lists, 3+ siblings sharing tag and class; never table columns) re-sorted so the pinned item moves and an item that looks different takes its place (identical copies trading places change nothing visible and are passed over); *text edited* — 30 % of the words of the nearest text block replaced (the pinned element's own block, or for an inline element the block it flows in), a sentence appended 30 % of the time; *wrapper inserted* — a div/section around the element or around all its siblings; *subtree re-rendered* — replaced by a deep copy; *viewport width changed* — 390 or 820 px (layouts reflow; nothing is hidden); *all of these combined* — each of the nine with probability 0.45 (at least two), in that order (calibrated: see the file's header); *pinned element removed* (not in the totals).

**Outcomes.** *Same element*: status \`exact\` on the pinned element (or its re-rendered copy). *Approximate*: status \`approximate\` on the pinned element, on an element containing it, or at page-level offsets. *Orphaned*: status \`orphaned\`. *Wrong*: status \`exact\` on any other element, or \`approximate\` on an element that neither is nor contains the pinned one. "All changes" sums every row except *pinned element removed*, where the right answer is approximate by construction (its *wrong* is what counts there). *Selectors only*: the same pins located with the content marks stripped from their paths — what CSS paths alone achieve.`;

const COMMON_CAUSE =
  'What is left is elements with no name of their own (a table cell, a paragraph, an icon, a "Reply" button) whose ' +
  'surroundings changed so much that nothing written at pin time still singles them out. The locator then says ' +
  'approximate (on an ancestor it found without counting) instead of guessing: a wrong pin is worse than one the ' +
  'reviewer sees listed as not placed exactly.';

const WHY: Partial<Record<MutationName, string>> = {
  'element inserted before':
    'a look-alike (a copy of the item with other text) inserted right before a nameless item that is told apart only ' +
    'by a text its neighbours share: the forward count names the copy, the backward count the original, and neither ' +
    'the text nor the neighbours decide between them.',
  'a sibling removed':
    'a nameless element whose own text many share ("$19.99", "Share", "⋯") or that has none (an empty cell, a checkbox), ' +
    'next to the removed sibling: its neighbours and the row or card text that told it apart changed with the removal, ' +
    'and a look-alike re-sorted into its place would read the same. (Issue 14, third round: one count running past the ' +
    'end while the other names an element holding the pinned text unedited is now exact.)',
  'wrapper inserted':
    "a wrapper around all of an item's children turns the forward and backward counts into paths of different depth; " +
    "items told apart only by a shared text are then placed on their list. (Fourth round: the pinned element's " +
    'signature — tag, class count, class names — tells a wrapper from the element it wraps, and marks read at an ' +
    "ancestor's level are read past a wrapper the chain did not have when pinned: src/anchor/twin.ts.)",
  'text edited':
    'a short text (under four words: a cell, a date, a status, a price) edited where its neighbours are shared by other ' +
    'items ("✓ | —", "€80.00 | Shipped") or were edited too: an edit in place and a look-alike swapped into its place ' +
    'read the same, and the marks hold word samples, not the words, so one edited word of two cannot be recognised. ' +
    "(Third round: neighbours read at a cell's or post's level that only its own siblings share, and neighbours edited " +
    "together with an inline element but clearly closer than any other element's, now place it.)",
  'all of these combined':
    'the element is moved, edited, wrapped and surrounded by new and removed siblings at once; a short or shared text ' +
    'edited at a new place leaves nothing to recognise, so it is approximate. (Fourth round: its wrong pins — a re-sort ' +
    'swapping the pinned item with a look-alike while its text was edited, a bare wrapper around a price cell — are ' +
    'gone: the pinned text found clearly more alike elsewhere unplaces the look-alike, and the signature tells the ' +
    'wrapper from the cell.)',
};
