import { describe, expect, it } from 'vitest';
import { isEvaluable } from './query';
import { contentCandidates, shapeMatches, shapeOf, tailOf } from './content-match';
import { marksIn, unmarked, withMarks, type ContentMark } from './fingerprint';
import { pathKind } from './path-kind';
import { attributeRank, isStableAttribute, isStableClass, isStableId } from './policy';

describe('naming policy', () => {
  it.each([
    // written by developers
    ['title', true],
    ['nav-item', true],
    ['post__title', true],
    ['card--featured', true],
    ['sign-in-form', true],
    ['show-more', true],
    ['MuiButton-root', true],
    ['btn-primary', true],
    ['order-summary', true],
    ['content-wrapper', true],
    // CSS-in-JS and CSS Modules hashes
    ['css-1x2y3z', false],
    ['css-k008qs-Card', false],
    ['sc-bdVaJa', false],
    ['bdVaJa', false],
    ['jsx-2837465102', false],
    ['svelte-1xyz2ab', false],
    ['_a1b2c3', false],
    ['Card__3xYz1', false],
    ['emotion-0', false],
    ['makeStyles-root-12', false],
    ['Button_root__x7Ka2', false],
    ['Home_main__nLjiQ', false],
    ['ng-tns-c12-3', false],
    ['card__title', true],
    ['site-header__logo', true],
    // counters and framework ids
    ['ember123', false],
    ['item123456', false],
    ['a1b2c3d4', false],
    // state
    ['is-active', false],
    ['open', false],
    ['menu-open', false],
    ['has-error', false],
    ['ng-pristine', false],
    // utilities
    ['p-4', false],
    ['text-gray-600', false],
    ['hover:bg-red', false],
    ['md:grid-cols-3', false],
    ['w-1/2', false],
    ['col-6', false],
    ['col-md-6', false],
    ['d-flex', false],
    ['flex', false],
    ['mx-auto', false],
    ['items-center', false],
  ])('isStableClass(%s) = %s', (name, stable) => {
    expect(isStableClass(name)).toBe(stable);
  });

  it.each([
    ['main', true],
    ['installation', true],
    ['checkout-form', true],
    ['post-42', true],
    ['__next', true],
    [':r1:', false],
    [':R2a6:', false],
    ['radix-:r2:', false],
    ['ember1234', false],
    ['headlessui-menu-button-3', false],
    ['mui-12345', false],
    ['mat-input-0', false],
    ['3f9e2a7c-1b2d-4c5e-9f00-1234abcd5678', false],
    ['with space', false],
    // counted out per page load under names that look hand-written (issue 14): renumbered by any render before them
    ['gwt-uid-12', false],
    ['x-auto-7', false],
    ['__BVID__23', false],
    ['input-12', false],
    ['rc-tabs-3-tab-2', false],
    ['tab-4', false],
    ['3F2504E0-4F89-41D3-A9C0-0305E82C3301', false],
    ['ng-tns-c12-3', false],
    // data grids and tree widgets count their rows: after a re-sort `row-3` is another row (issue 14, second round)
    ['row-3', false],
    ['grid-row-12', false],
    ['treenode-4', false],
    ['dijit__TreeNode_7', false],
    ['mce_12', false],
    ['section-2', true],
    ['step-3-details', true],
    ['pricing', true],
  ])('isStableId(%s) = %s', (id, stable) => {
    expect(isStableId(id)).toBe(stable);
  });

  it('takes test hooks, names, labels and link paths; refuses state, bookkeeping and per-visit values', () => {
    expect(isStableAttribute('data-testid', 'buy-button')).toBe(true);
    expect(isStableAttribute('data-cy', 'submit')).toBe(true);
    expect(isStableAttribute('name', 'email')).toBe(true);
    expect(isStableAttribute('aria-label', 'Close dialog')).toBe(true);
    expect(isStableAttribute('href', '/pricing')).toBe(true);
    expect(isStableAttribute('data-product-id', 'sku-123')).toBe(true);
    expect(isStableAttribute('href', '/cart?session=abc&utm_source=x')).toBe(false);
    expect(isStableAttribute('href', 'javascript:void(0)')).toBe(false);
    expect(isStableAttribute('aria-expanded', 'true')).toBe(false);
    expect(isStableAttribute('data-state', 'open')).toBe(false);
    expect(isStableAttribute('data-v-7ba5bd90', '')).toBe(false);
    expect(isStableAttribute('_ngcontent-c12', '')).toBe(false);
    expect(isStableAttribute('style', 'color:red')).toBe(false);
    expect(isStableAttribute('data-testid', 'row-:r3:')).toBe(false);
    expect(isStableAttribute('title', 'has "quotes"')).toBe(false);
    // a label or link naming a counted id names whatever holds that id after the next render
    expect(isStableAttribute('for', 'gwt-uid-12')).toBe(false);
    expect(isStableAttribute('for', 'email')).toBe(true);
    expect(isStableAttribute('href', '#ember123')).toBe(false);
    expect(isStableAttribute('href', '#pricing')).toBe(true);
  });

  it('ranks test hooks first and roles last', () => {
    const ranked = ['role', 'title', 'data-key', 'href', 'name', 'data-testid'].sort((a, b) => attributeRank(a) - attributeRank(b));
    expect(ranked).toEqual(['data-testid', 'name', 'href', 'data-key', 'title', 'role']);
  });
});

describe('path text', () => {
  it('classifies paths by what they rely on', () => {
    expect(pathKind('#main .card__title')).toBe('free');
    expect(pathKind('li.card:has(a[href="/p/1"]) h3')).toBe('free');
    expect(pathKind('body > ul > li:nth-of-type(2)')).toBe('forward');
    expect(pathKind('ul li:nth-last-of-type(2)')).toBe('backward');
    expect(pathKind('[aria-label=":nth-of-type(2)"]')).toBe('free'); // quoted text is not syntax
  });

  it('round-trips content marks and strips them', () => {
    const mark: ContentMark = { kind: 't', level: 2, exact: '1abc', words: '0123456789abcdef', count: 7 };
    const neighbours: ContentMark = { kind: 'n', level: 0, exact: 'zz', words: 'abcdefabcdefabcd', count: 35 };
    const path = withMarks('body li:nth-of-type(2)', [mark, neighbours]);
    expect(path).toBe(
      'body li:nth-of-type(2):not([data-pinmark="t2:1abc.0123456789abcdef7"]):not([data-pinmark="n:zz.abcdefabcdefabcdz"])',
    );
    expect(marksIn(path)).toEqual([mark, neighbours]);
    expect(unmarked(path)).toBe('body li:nth-of-type(2)');
    expect(marksIn('body li')).toEqual([]);
  });

  it('derives the shape and the tail of a structural path', () => {
    const path = '#app > main > ul:nth-of-type(2) > li:nth-of-type(3) > a:not([data-pinmark="t:1.0123456789abcdef1"])';
    expect(shapeOf(path)).toBe('#app main ul li a');
    expect(tailOf(path, 2)).toBe('li:nth-of-type(3) > a');
  });

  it('refuses absurd or hostile paths before evaluating them', () => {
    expect(isEvaluable('#main > li')).toBe(true);
    expect(isEvaluable('')).toBe(false);
    expect(isEvaluable(42)).toBe(false);
    expect(isEvaluable('div '.repeat(600))).toBe(false); // over 2000 characters
    expect(isEvaluable(Array.from({ length: 80 }, () => 'div').join(' > '))).toBe(false); // too many steps
    expect(isEvaluable('a:has(b):has(c):has(d)')).toBe(false); // too many :has()
    expect(isEvaluable(':is(:not(:is(:not(a))))')).toBe(false); // nested too deep
    expect(isEvaluable('[title=":has(:has(:has("] a')).toBe(true); // quoted text is not syntax
  });

  it('gives up on content matching when the path is not a selector', () => {
    const root = {
      querySelectorAll: () => {
        throw new SyntaxError('bad');
      },
    } as unknown as ParentNode;
    expect(shapeMatches(root, '###')).toBeNull();
    expect(contentCandidates([], ['###'], 2)).toEqual([]);
  });
});
