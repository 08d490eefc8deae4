/**
 * A 50 000-element page: describing must stay within its cap on work (counted queries — time is a
 * benchmark, bench/describe-cost.ts) and still produce usable paths; locating stays cheap in kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkBudget } from './budget';
import { candidatePaths, parentPaths } from './candidates';
import { DESCRIBE_MAX_QUERIES, describePin } from './describe';
import { isEvaluable } from './query';
import { resolvePin } from './locate';
import { finderPath } from './selector';

let page: HTMLElement;

/** Status and element, the element compared by identity (toMatchObject would compare DOM nodes by shape). */
function expectPin(resolved: { status: string; element: Element | null }, status: string, element: Element | null | undefined): void {
  expect(resolved.status).toBe(status);
  expect(resolved.element).toBe(element);
}

beforeAll(() => {
  page = document.createElement('div');
  page.id = 'big';
  const card = (i: number) =>
    `<div class="card css-${(i * 7919).toString(36)}"><a href="/items/${i}"><img alt="Item ${i}"></a><h3 class="card__title">Item ${i}</h3><p>Text <em>${i}</em></p><button>Open</button></div>`;
  const sections: string[] = [];
  for (let s = 0; s < 1000; s++)
    sections.push(`<section class="grid">${Array.from({ length: 7 }, (_, i) => card(s * 7 + i)).join('')}</section>`);
  page.innerHTML = `<main>${sections.join('')}</main>`;
  document.body.append(page);
});

afterAll(() => page.remove());

describe('a 50 000-element page', () => {
  it('is that big', () => {
    expect(page.getElementsByTagName('*').length).toBeGreaterThanOrEqual(50_000);
  });

  it('describing runs at most its cap of queries and still writes unique paths', () => {
    const targets = [
      page.querySelectorAll('h3')[4321]!,
      page.querySelectorAll('em')[17]!,
      page.querySelectorAll('section')[999]!,
      page.querySelectorAll('button')[6999]!,
    ];
    for (const target of targets) {
      const budget = new WorkBudget(DESCRIBE_MAX_QUERIES, Number.POSITIVE_INFINITY);
      const paths = candidatePaths(target, budget);
      const parents = parentPaths(target, budget);
      expect(budget.queries).toBeLessThanOrEqual(DESCRIBE_MAX_QUERIES);
      expect(paths.length).toBeGreaterThanOrEqual(2);
      for (const path of paths) expect(Array.from(document.querySelectorAll(path))).toEqual([target]);
      expect(parents.length).toBeGreaterThan(0);
    }
  });

  it('each finder search stops at its own cap of checks', () => {
    const budget = new WorkBudget(10_000, Number.POSITIVE_INFINITY);
    finderPath(page.querySelectorAll('em')[5432]!, 'classes', budget, Number.POSITIVE_INFINITY, 25);
    expect(budget.queries).toBeLessThanOrEqual(25);
  });

  it('a spent budget means no queries at all: the paths that need none are still written', () => {
    const budget = new WorkBudget(0, Number.POSITIVE_INFINITY);
    const target = page.querySelectorAll('p')[2024]!;
    const paths = candidatePaths(target, budget);
    expect(budget.queries).toBe(0);
    for (const path of paths) expect(document.querySelector(path)).toBe(target);
  });

  it('describes and locates a pin (the page unchanged: exact)', () => {
    const target = page.querySelectorAll('h3')[777]!;
    const anchor = describePin(target, 0, 0);
    expectPin(resolvePin(anchor), 'exact', target);
  });

  it('refuses a path built to be slow before evaluating it', () => {
    const slow = `${'*:has(* * * *) '.repeat(3)}*`;
    expect(isEvaluable(slow)).toBe(false);
    const anchor = {
      url: '',
      canonicalUrl: '',
      elements: [{ elementPath: slow, offsetXPercentage: 1, offsetYPercentage: 1 }],
      elementParents: [],
      offsetXPercentage: 1,
      offsetYPercentage: 1,
    };
    expectPin(resolvePin(anchor), 'approximate', null);
  });
});
