/**
 * Off-screen subtrees copied as empty boxes (stubs.ts): the copy stays small, and the capture is the
 * one a full copy gives — table columns sized by rows far away, collapsing margins, an absolutely
 * positioned child of a far-away box, a sticky header, a scrolled container, CSS counters.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { scanStyles } from './style-scan';
import { captureViewport } from './index';
import type { CaptureStats } from './types';
import { bandColor, expectColor, meanDifference, pixel, setPage } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

/** Captures with and without stubs; they must be the same image. */
async function captureBoth(): Promise<{ canvas: HTMLCanvasElement; stats: CaptureStats }> {
  const full = await captureViewport({ maxScale: 1, stubs: false });
  const { canvas, stats } = await captureViewport({ maxScale: 1 });
  expect(stats!.stubFallback, 'the stubbed copy laid out as the page').toBeUndefined();
  expect(meanDifference(canvas, full.canvas, { left: 0, top: 0, width: canvas.width, height: canvas.height })).toBeLessThan(0.01);
  return { canvas, stats: stats! };
}

const tableRows = (count: number): string =>
  Array.from({ length: count }, (_, r) => {
    // Row 20's long words make columns 1 and 2 wider than anything near the viewport.
    const text = r === 20 ? ['unbreakablelongwordhere', 'anotherveryveryverylongword'] : ['a', 'b c'];
    // Row 0 is tall: on screen while the head above it is far away.
    return `<tr${r === 0 ? ' style="height:400px"' : ''}>${['#', ...text, 'x'].map((t, c) => `<td style="background:${bandColor(r * 4 + c)}">${t}</td>`).join('')}</tr>`;
  }).join('');

describe('captureViewport: off-screen subtrees as stubs', () => {
  for (const collapse of ['collapse', 'separate']) {
    test(`a long table (${collapse} borders) whose columns are sized by far-away rows`, async () => {
      // The head's thick bottom border is shared with the first body row where borders collapse.
      const head = `<thead><tr>${['#', 'one', 'two', 'x'].map((t) => `<th style="border-bottom:5px solid rgb(0, 0, 90)">${t}</th>`).join('')}</tr></thead>`;
      cleanup = setPage(
        `<table style="border-collapse:${collapse};border-spacing:2px 3px" border="1" cellpadding="3">${head}<tbody>${tableRows(600)}</tbody></table>`,
      );
      window.scrollTo(0, 6000);
      expect((await captureBoth()).stats.stubs, 'the head row, and the body rows above and below').toBe(3);
      // The head far above, the first body row on screen: where borders collapse they share one.
      window.scrollTo(0, document.querySelector('tbody tr')!.getBoundingClientRect().top + scrollY + 150);
      expect((await captureBoth()).stats.stubs, 'the head row, and the body rows below').toBe(2);
    });
  }

  test('rows whose content reaches the viewport from far away are copied: overflow down, text offset up', async () => {
    const rows = (from: number, count: number): string =>
      Array.from({ length: count }, (_, i) => `<tr><td>${from + i}</td><td>row</td></tr>`).join('');
    // Row 60's content overflows its short box far down; row 250's text is moved far up (placed below, where
    // the clone's hit-testing finds it: prune.ts).
    const down = `<tr><td>60</td><td><div style="height:10px"><div style="height:2200px"></div><div id="down" style="height:60px;background:rgb(255, 0, 0)"></div></div></td></tr>`;
    const up = `<tr><td>250</td><td><span id="up" style="position:relative;display:inline-block;width:300px;height:80px;background:rgb(0, 0, 255)">UP</span></td></tr>`;
    cleanup = setPage(`<table cellpadding="4">${rows(0, 60)}${down}${rows(61, 189)}${up}${rows(251, 100)}</table>`);
    const downRow = document.getElementById('down')!.closest('tr')!;
    window.scrollTo(0, downRow.getBoundingClientRect().top + scrollY + 1900);
    const upSpan = document.getElementById('up')!;
    upSpan.style.top = `${400 - upSpan.getBoundingClientRect().top}px`;
    const { canvas, stats } = await captureBoth();
    expect(stats.stubs, 'the rows above and below are stubbed all the same').toBeGreaterThan(1);
    for (const [id, color] of [
      ['down', [255, 0, 0, 255]],
      ['up', [0, 0, 255, 255]],
    ] as const) {
      const box = document.getElementById(id)!.getBoundingClientRect();
      expect(box.top > 0 && box.bottom < 600, `${id} is on screen: ${JSON.stringify(box)}`).toBe(true);
      const row = document.getElementById(id)!.closest('tr')!.getBoundingClientRect();
      expect(row.bottom < -100 || row.top > 700, `${id}'s row is far away: ${JSON.stringify(row)}`).toBe(true);
      expectColor(pixel(canvas, box.left + 2, box.top + box.height / 2), [...color], 3, id);
    }
  });

  test('the style sheets tell what may be moved out of its box: offsets, transforms, negative margins', () => {
    cleanup = setPage(
      `<div id="plain"><p>a</p></div><div id="shifted"><p class="up">b</p></div><div id="turned"><i class="turn">c</i></div>` +
        `<div id="pulled"><p class="pull">d</p></div><div id="inline"><span style="position: relative; top: -9px">e</span></div>` +
        `<div id="spaced"><p class="space">f</p></div>`,
      '.up { position: relative } .turn { rotate: 10deg } .pull { margin: -4px 0 0 } .space { margin: calc(1em - 2px) 0 }',
    );
    const scan = scanStyles(document);
    const moved = (id: string) => scan.moved(document.getElementById(id)!);
    expect([moved('plain'), moved('shifted'), moved('turned'), moved('pulled'), moved('inline'), moved('spaced')]).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  test('paragraphs with collapsing margins; a wrapper whose child margin collapses through it stays', async () => {
    const sections = Array.from(
      { length: 80 },
      (_, i) =>
        `<div class="wrap"><h2>Part ${i}</h2><p style="background:${bandColor(i)}">${'Lorem ipsum dolor sit amet. '.repeat(8)}</p></div>`,
    );
    cleanup = setPage(`<main>${sections.join('')}</main>`, 'h2 { margin: 30px 0 10px } p { margin: 12px 0 24px; height: 80px }');
    window.scrollTo(0, 40 * 200);
    const { stats } = await captureBoth();
    // Each .wrap has h2's margin collapsing through its top: never stubbed itself; its paragraphs are.
    expect(stats.stubs).toBeGreaterThan(50);
  });

  test('what far-away boxes paint on screen is drawn: absolute child, sticky header, fixed box', async () => {
    const filler = Array.from(
      { length: 60 },
      (_, i) => `<section style="height:100px;background:${bandColor(i)}"><p>${i}</p></section>`,
    ).join('');
    cleanup = setPage(`
      <header style="position:sticky;top:0;height:40px;background:rgb(10, 10, 10);z-index:1"><span>Header</span></header>
      ${filler}
      <div id="anchor" style="position:relative;height:20px"><p>anchor</p><div id="red" style="position:absolute;left:20px;top:420px;width:90px;height:90px;background:rgb(255, 0, 0)"></div></div>
      <div style="height:50px"><p>far</p><div id="blue" style="position:absolute;left:200px;top:6700px;width:90px;height:90px;background:rgb(0, 0, 255)"></div></div>
      <footer style="height:50px"><p>foot</p><div style="position:fixed;left:400px;top:300px;width:90px;height:90px;background:rgb(0, 200, 0)"></div></footer>
      ${filler}`);
    // The anchor and the boxes after it end more than 100 px (the margin) above the viewport.
    const anchorTop = document.getElementById('anchor')!.getBoundingClientRect().top;
    document.getElementById('blue')!.style.top = `${anchorTop + 250 + 300}px`;
    window.scrollTo(0, anchorTop + 250);
    const { canvas, stats } = await captureBoth();
    expect(stats.stubs).toBeGreaterThan(1);
    expectColor(pixel(canvas, 400, 20), [10, 10, 10, 255], 3, 'sticky header');
    const center = (id: string): [number, number] => {
      const box = document.getElementById(id)!.getBoundingClientRect();
      expect(box.top > 0 && box.bottom < 600, `${id} is on screen: ${JSON.stringify(box)}`).toBe(true);
      return [box.left + box.width / 2, box.top + box.height / 2];
    };
    expectColor(pixel(canvas, ...center('red')), [255, 0, 0, 255], 3, 'absolute child of a box above the viewport');
    expectColor(pixel(canvas, ...center('blue')), [0, 0, 255, 255], 3, 'absolute child placed by the page');
    expectColor(pixel(canvas, 445, 345), [0, 200, 0, 255], 3, 'fixed box in a far footer');
  });

  test('a scrolled container: children scrolled out of its view are stubbed, the visible ones exact', async () => {
    const items = Array.from(
      { length: 60 },
      (_, i) => `<div style="height:100px;background:${bandColor(i)}"><p style="margin:0">Item ${i}</p></div>`,
    ).join('');
    cleanup = setPage(`<div id="box" style="height:400px;overflow:auto;margin-top:50px">${items}</div><div style="height:2000px"></div>`);
    document.getElementById('box')!.scrollTop = 2550;
    const { stats } = await captureBoth();
    expect(stats.stubs).toBeGreaterThan(0);
  });

  test('preserved white space between blocks: each block its own stub, lines between them kept', async () => {
    const blocks = Array.from({ length: 50 }, (_, i) => `<div style="height:90px;background:${bandColor(i)}">${i}</div>`).join('\n\n');
    cleanup = setPage(`<div style="white-space:pre-wrap">${blocks}</div>`);
    window.scrollTo(0, 2500);
    const { stats } = await captureBoth();
    expect(stats.stubs).toBeGreaterThan(30);
  });

  test('overflow: far-away ink and clipped labels allow a stub; a float moving later lines does not', async () => {
    const far = Array.from(
      { length: 30 },
      (_, i) =>
        `<section style="background:${bandColor(i)}"><p style="height:60px;margin:0">${i}<span class="sr-only">label</span>` +
        `<span style="display:inline-block;height:90px;width:20px;vertical-align:top;background:rgb(0, 0, 0)"></span></p></section>`,
    ).join('');
    // The float sticks out of its 20 px box far above the viewport, and the paragraph after it wraps around it.
    cleanup = setPage(
      `${far}<div id="floats" style="height:20px">a<div style="float:left;width:300px;height:250px;background:rgb(255, 0, 0)"></div>b</div>` +
        `<p style="margin:0">${'Text flowing around the float. '.repeat(60)}</p>${far}${far}`,
      '.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }',
    );
    window.scrollTo(0, document.getElementById('floats')!.getBoundingClientRect().top + scrollY + 1500);
    const { stats } = await captureBoth();
    expect(stats.stubs, 'sections whose content overflows them, far away').toBeGreaterThan(0);
  });

  test('display: none subtrees are copied without their content', async () => {
    const menu = Array.from(
      { length: 20 },
      (_, i) => `<li>Item ${i}<ul class="sub">${'<li><a href="#">Sub</a></li>'.repeat(20)}</ul></li>`,
    ).join('');
    cleanup = setPage(`<ul class="menu">${menu}</ul>`, '.sub { display: none; }');
    const { stats } = await captureBoth();
    expect(stats.stubs).toBe(20);
  });

  test('a stubbed copy laid out differently from the page is not used: the page is copied in full', async () => {
    // Under CSS zoom a measured size set in px is zoomed again: the stubs come out twice as tall.
    const sections = Array.from(
      { length: 60 },
      (_, i) => `<section style="height:50px;background:${bandColor(i)}"><p style="margin:0">${i}</p></section>`,
    );
    cleanup = setPage(`<div style="zoom:2">${sections.join('')}</div>`);
    window.scrollTo(0, 3000);
    const full = await captureViewport({ maxScale: 1, stubs: false });
    const { canvas, stats } = await captureViewport({ maxScale: 1 });
    expect(stats!.stubFallback).toBe(true);
    expect(meanDifference(canvas, full.canvas, { left: 0, top: 0, width: canvas.width, height: canvas.height })).toBeLessThan(0.01);
  });

  test('counters: subtrees that count are copied, so numbers on screen stay right', async () => {
    const sections = Array.from({ length: 60 }, () => `<section><h2>Title</h2><p>${'text '.repeat(40)}</p></section>`).join('');
    cleanup = setPage(
      `<div>${sections}</div>`,
      'body { counter-reset: sec } h2 { counter-increment: sec } h2::before { content: counter(sec) ". " }',
    );
    const scan = scanStyles(document);
    expect(scan.affectsCounters(document.querySelector('section')!)).toBe(true);
    expect(scan.affectsCounters(document.querySelector('p')!)).toBe(false);
    window.scrollTo(0, document.documentElement.scrollHeight / 2);
    const { stats } = await captureBoth();
    expect(stats.stubs).toBeGreaterThan(0);
  });
});
