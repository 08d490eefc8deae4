import { describe, expect, it } from 'vitest';
import { expectOn, useEngineTest } from './test-kit';
import { frames, isDrawn } from './testing';

const kit = useEngineTest();

const $ = (selector: string) => document.querySelector(selector)!;

describe('overlay engine placement', () => {
  it('keeps pins on fixed and sticky elements while the page scrolls', async () => {
    kit.fixture.innerHTML = `
      <div id="bar" style="position:fixed;top:12px;left:300px;width:200px;height:40px;background:#fde"></div>
      <div style="height:400px"></div>
      <section style="height:1500px">
        <h2 id="sticky" style="position:sticky;top:60px;margin:0;height:50px;width:300px;background:#def">Sticky</h2>
      </section>
      <div style="height:2000px"></div>`;
    const onBar = kit.rig.pin('bar', '#bar', { x: 10, y: 80 });
    const onSticky = kit.rig.pin('sticky', '#sticky', { x: 90, y: 20 });
    await frames();
    expectOn(onBar, $('#bar'), { x: 10, y: 80 });
    expectOn(onSticky, $('#sticky'), { x: 90, y: 20 });
    for (const y of [200, 450, 900]) {
      window.scrollTo(0, y);
      await frames();
      expectOn(onBar, $('#bar'), { x: 10, y: 80 });
      expectOn(onSticky, $('#sticky'), { x: 90, y: 20 });
    }
    // Stuck at top: 60px while its section scrolls past.
    expect($('#sticky').getBoundingClientRect().top).toBeCloseTo(60, 0);
  });

  it('follows content of nested scroll containers and hides pins clipped by them', async () => {
    kit.fixture.innerHTML = `
      <div id="outer" style="margin-top:50px;height:300px;width:500px;overflow:auto">
        <div style="height:100px"></div>
        <div id="inner" style="height:150px;width:400px;overflow:auto">
          <div style="height:60px"></div>
          <p id="item" style="margin:0;height:30px;background:#efe">Item</p>
          <div style="height:600px"></div>
        </div>
        <div style="height:800px"></div>
      </div>`;
    const pin = kit.rig.pin('item', '#item', { x: 25, y: 50 });
    await frames();
    expectOn(pin, $('#item'), { x: 25, y: 50 });
    $('#inner').scrollTop = 40;
    await frames();
    expectOn(pin, $('#item'), { x: 25, y: 50 });
    expect(isDrawn(pin)).toBe(true);
    $('#outer').scrollTop = 60;
    await frames();
    expectOn(pin, $('#item'), { x: 25, y: 50 });
    // Scrolled out of the inner container: hidden, not drawn at a stale spot.
    $('#inner').scrollTop = 200;
    await frames();
    expect(isDrawn(pin)).toBe(false);
    $('#inner').scrollTop = 0;
    await frames();
    expect(isDrawn(pin)).toBe(true);
    // Its inner container scrolled out of the outer one: hidden too.
    $('#outer').scrollTop = 260;
    await frames();
    expect(isDrawn(pin)).toBe(false);
  });

  it('places pins inside transformed and zoomed containers', async () => {
    kit.fixture.innerHTML = `
      <div style="transform:translate(40px, 30px) scale(1.5);transform-origin:0 0">
        <div id="scaled" style="margin:20px;width:100px;height:40px;background:#fed"></div>
      </div>
      <div style="zoom:1.75;margin-top:120px">
        <div id="zoomed" style="margin-left:30px;width:80px;height:30px;background:#dfe"></div>
      </div>`;
    const onScaled = kit.rig.pin('scaled', '#scaled', { x: 75, y: 25 });
    const onZoomed = kit.rig.pin('zoomed', '#zoomed', { x: 20, y: 80 });
    await frames();
    expectOn(onScaled, $('#scaled'), { x: 75, y: 25 });
    expectOn(onZoomed, $('#zoomed'), { x: 20, y: 80 });
  });

  it('undoes a page-wide CSS zoom on its own layer', async () => {
    kit.fixture.innerHTML = `<div style="height:200px"></div><div id="target" style="margin-left:220px;width:120px;height:60px;background:#eef"></div><div style="height:2000px"></div>`;
    document.documentElement.style.zoom = '1.5';
    const pin = kit.rig.pin('t', '#target', { x: 30, y: 70 });
    await frames();
    expectOn(pin, $('#target'), { x: 30, y: 70 });
    window.scrollTo(0, 100);
    await frames();
    expectOn(pin, $('#target'), { x: 30, y: 70 });
    // The pin itself keeps its size: the page's zoom is undone on the overlay.
    expect(pin.getBoundingClientRect().width).toBeCloseTo(20, 0);
  });

  it('works on right-to-left pages scrolled sideways', async () => {
    document.documentElement.dir = 'rtl';
    kit.fixture.innerHTML = `<div style="width:2600px;height:1600px;position:relative"><div id="rtl" style="position:absolute;right:1400px;top:500px;width:90px;height:40px;background:#fee"></div></div>`;
    const pin = kit.rig.pin('rtl', '#rtl', { x: 10, y: 90 });
    window.scrollTo(-900, 300);
    await frames();
    expect(window.scrollX).toBeLessThan(0);
    expectOn(pin, $('#rtl'), { x: 10, y: 90 });
  });

  it('hides pins of hidden, empty and off-screen elements and shows them again', async () => {
    kit.fixture.innerHTML = `<div id="box" style="margin-top:100px;width:200px;height:50px;background:#eee"></div><div style="height:3000px"></div>`;
    const pin = kit.rig.pin('box', '#box');
    await frames();
    expect(isDrawn(pin)).toBe(true);
    const box = $('#box') as HTMLElement;
    for (const [property, value] of [
      ['display', 'none'],
      ['visibility', 'hidden'],
      ['height', '0px'],
    ] as const) {
      const before = box.style[property];
      box.style[property] = value;
      await frames();
      expect(isDrawn(pin), `${property}: ${value}`).toBe(false);
      // Never silently invisible: found, but listed as not placed while its element shows no box.
      if (property !== 'display') expect(kit.rig.engine.status.value.hidden, `${property}: ${value}`).toEqual(['box']);
      box.style[property] = before;
      await frames();
      expect(isDrawn(pin), `${property} restored`).toBe(true);
      expect(kit.rig.engine.status.value.hidden).toEqual([]);
      expectOn(pin, box);
    }
    window.scrollTo(0, 1000);
    await frames();
    expect(isDrawn(pin)).toBe(false);
    // Off screen it is parked, not hidden: still focusable, and revealing it scrolls its element into view.
    expect(getComputedStyle(pin).visibility).toBe('visible');
    kit.rig.engine.reveal('box');
    await frames();
    expect(window.scrollY).toBeLessThan(200);
    expect(isDrawn(pin)).toBe(true);
    expectOn(pin, box);
  });
});
