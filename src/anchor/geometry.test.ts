import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boxOf, spotIn } from './geometry';
import { describePin } from './describe';
import { pointOf, resolvePin } from './locate';

let fixture: HTMLElement;

beforeEach(() => {
  fixture = document.createElement('div');
  fixture.style.cssText = 'position:absolute;left:0;top:0;width:800px;font:16px/1.6 sans-serif';
  document.body.append(fixture);
});

afterEach(() => fixture.remove());

const onALine = (element: Element, x: number, y: number) =>
  [...element.getClientRects()].some((r) => x >= r.left - 0.5 && x <= r.right + 0.5 && y >= r.top - 0.5 && y <= r.bottom + 0.5);

describe('boxOf', () => {
  it('is the bounding client rect, from the element client rects', () => {
    fixture.innerHTML = `
      <p style="width:11em">Some <a id="wrap" href="#">text that wraps over three lines of this narrow column</a> end.</p>
      <p style="width:11em">Breaks right before <a id="edge" href="#">the link</a></p>
      <p>An <span id="empty"></span> empty span and <b id="bold">bold <i>nested</i></b>.</p>
      <div id="zero" style="height:0;width:100px"></div>
      <table id="table"><caption>Cap</caption><tr><td id="cell">Cell</td></tr></table>
      <div style="transform:rotate(10deg)"><span id="turned">turned text</span></div>
      <svg width="40" height="20"><rect id="rect" x="5" y="5" width="10" height="10"/></svg>
      <div id="contents" style="display:contents"><span>inside contents</span></div>
      <div id="none" style="display:none">none</div>`;
    for (const id of ['wrap', 'edge', 'empty', 'bold', 'zero', 'table', 'cell', 'turned', 'rect', 'contents', 'none']) {
      const element = document.getElementById(id)!;
      const want = element.getBoundingClientRect();
      const { box } = boxOf(element);
      expect([box.left, box.top, box.width, box.height], id).toEqual([want.left, want.top, want.width, want.height]);
    }
    expect(boxOf(document.getElementById('wrap')!).lines.length).toBeGreaterThanOrEqual(2);
    expect(boxOf(document.getElementById('none')!).lines.length).toBe(0);
  });
});

describe('spotIn', () => {
  it('keeps a spot on one of the lines and moves one between lines onto the nearest line', () => {
    const box = { left: 0, top: 0, width: 200, height: 40 };
    // A link from x=120 to the end of line 1, then from the start of line 2 to x=60.
    const lines = [
      { left: 120, top: 0, width: 80, height: 18 },
      { left: 0, top: 22, width: 60, height: 18 },
    ];
    expect(spotIn({ box, lines }, 80, 25)).toEqual({ x: 160, y: 10 });
    expect(spotIn({ box, lines }, 10, 75)).toEqual({ x: 20, y: 30 });
    // The middle of the union is over other text of line 1: nearest is the first line's start.
    expect(spotIn({ box, lines }, 50, 25)).toEqual({ x: 120, y: 10 });
    // Right of line 2's end, below line 1: line 2's end.
    expect(spotIn({ box, lines }, 40, 90)).toEqual({ x: 60, y: 36 });
    // A block (one line) keeps any spot.
    expect(spotIn({ box, lines: [box] }, 50, 50)).toEqual({ x: 100, y: 20 });
  });

  it('puts a pin dropped on a wrapped link back where it was clicked, and on the link after the text reflows', () => {
    fixture.innerHTML = `<p id="column" style="width:12em">Short text <a id="link" href="#">wraps from the end of this line onto the next one</a> here.</p>`;
    const link = document.getElementById('link')!;
    const lines = link.getClientRects();
    expect(lines.length).toBeGreaterThanOrEqual(2);
    // On the first line, near the link's start: in the middle of the union's width.
    const first = lines[0]!;
    const click = { x: first.left + 5, y: first.top + first.height / 2 };
    const anchor = describePin(link, click.x, click.y);
    const resolved = resolvePin(anchor);
    expect(resolved.element).toBe(link);
    const point = pointOf(resolved)!;
    expect(point.clientX).toBeCloseTo(click.x, 1);
    expect(point.clientY).toBeCloseTo(click.y, 1);
    let snapped = 0;
    for (let em = 6; em <= 30; em++) {
      const width = `${em}em`;
      document.getElementById('column')!.style.width = width;
      const moved = pointOf(resolved)!;
      expect(onALine(link, moved.clientX, moved.clientY), `on the link at width ${width}`).toBe(true);
      expect(moved.width * moved.height).toBeGreaterThan(0);
      const raw = link.getBoundingClientRect();
      const x = raw.left + (raw.width * resolved.offsetXPercentage) / 100;
      const y = raw.top + (raw.height * resolved.offsetYPercentage) / 100;
      if (!onALine(link, x, y)) snapped += 1;
    }
    // Some of these widths put the stored spot of the union beside the link's lines.
    expect(snapped).toBeGreaterThan(0);
  });
});
