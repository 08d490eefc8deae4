/**
 * Comment mode's keyboard walk over a small page: document order, wrapping, hidden elements and
 * the widget skipped, descriptions that never read a field's value.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { describeTarget, nextTarget, pointIn } from './keyboard-targets';

let page: HTMLElement | null = null;
let host: HTMLElement | null = null;

function setUp(html: string) {
  page = document.createElement('div');
  page.innerHTML = html;
  document.body.append(page);
  host = document.createElement('pinmark-root');
  host.innerHTML = '<button>inside the widget</button>';
  document.body.append(host);
}

afterEach(() => {
  page?.remove();
  host?.remove();
  page = host = null;
});

describe('keyboard targets', () => {
  it('walks headings, paragraphs, images, links and fields in document order, both ways, wrapping', () => {
    setUp(`<h2 id="a">Pricing</h2><p id="b">Text</p><p hidden>gone</p><img id="c" alt="Beans" width="10" height="10">
      <a id="d" href="#x">More</a><div style="display:none"><button>hidden</button></div>`);
    const ids = (from: Element | null, backwards: boolean, n: number) => {
      const seen: string[] = [];
      let at = from;
      for (let i = 0; i < n; i++) seen.push((at = nextTarget(at, backwards, host!))?.id ?? '');
      return seen;
    };
    expect(ids(null, false, 5)).toEqual(['a', 'b', 'c', 'd', 'a']);
    expect(ids(document.getElementById('b'), true, 3)).toEqual(['a', 'd', 'c']);
  });

  it("describes what is chosen, without a field's value", () => {
    setUp(`<h1 id="h">  Small-batch
      coffee </h1><label for="p">Password</label><input id="p" type="password" value="hunter2"><img id="i" alt="Roasted beans">
      <p id="long">${'word '.repeat(30)}</p>`);
    expect(describeTarget(document.getElementById('h')!)).toBe('Heading “Small-batch coffee”');
    expect(describeTarget(document.getElementById('p')!)).toBe('Field “Password”');
    expect(describeTarget(document.getElementById('i')!)).toBe('Image “Roasted beans”');
    expect(describeTarget(document.getElementById('long')!)).toMatch(/^Paragraph “(word ){9}wo…”$/);
  });

  it('puts the pin in the middle of the part in view', () => {
    setUp('<p id="tall" style="position:fixed;top:-100px;left:0;width:200px;height:300px;margin:0">tall</p>');
    expect(pointIn(document.getElementById('tall')!)).toEqual({ x: 100, y: 100 });
  });
});
