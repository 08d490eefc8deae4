import { describe, expect, it, vi } from 'vitest';
import { expectOn, useEngineTest } from './test-kit';
import { centreOf, frames, isDrawn } from './testing';

const kit = useEngineTest();

const $ = (selector: string) => document.querySelector(selector)!;

describe('pins out of sight', () => {
  it('keeps off-screen pins reachable: a scroll of the layer becomes a scroll of the page', async () => {
    kit.fixture.innerHTML =
      '<div style="height:1500px"></div><div id="below" style="width:200px;height:40px;background:#eee"></div><div style="height:1500px"></div>';
    const pin = kit.rig.pin('below', '#below');
    await frames();
    expect(isDrawn(pin)).toBe(false);
    expect(getComputedStyle(pin).visibility).toBe('visible'); // in the accessibility tree, out of sight
    // What focus or scrollIntoView does to an element outside a clipping box: scroll the box.
    pin.scrollIntoView({ block: 'center' });
    expect(kit.rig.layer.scrollTop).toBeGreaterThan(0);
    await frames(3);
    expect(kit.rig.layer.scrollTop).toBe(0);
    expect(window.scrollY).toBeGreaterThan(1000);
    expect(isDrawn(pin)).toBe(true);
    expectOn(pin, $('#below'));
  });
});

describe('overlay engine frames', () => {
  /** Records layout reads (getBoundingClientRect, getClientRects) and style writes to `pins` in the order they happen. */
  function recordReadsAndWrites(pins: HTMLElement[]) {
    const log: ('read' | 'write' | 'frame')[] = [];
    const read = Element.prototype.getBoundingClientRect;
    // Frame boundaries, so a slow machine that fits two frames into the wait is judged per frame.
    const raf = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) =>
      raf.call(window, (time) => {
        log.push('frame');
        callback(time);
      });
    Element.prototype.getBoundingClientRect = function (this: Element) {
      log.push('read');
      return read.call(this);
    };
    const readLines = Element.prototype.getClientRects;
    Element.prototype.getClientRects = function (this: Element) {
      log.push('read');
      return readLines.call(this);
    };
    // Chromium keeps CSS properties on each style object, so writes are seen through a proxy per pin.
    for (const pin of pins) {
      const style = pin.style;
      const proxy = new Proxy(style, {
        set(target, property, value) {
          log.push('write');
          return Reflect.set(target, property, value);
        },
        get: (target, property) => {
          const value = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      Object.defineProperty(pin, 'style', { configurable: true, get: () => proxy });
    }
    const restore = () => {
      Element.prototype.getBoundingClientRect = read;
      Element.prototype.getClientRects = readLines;
      window.requestAnimationFrame = raf;
      for (const pin of pins) delete (pin as { style?: unknown }).style;
    };
    return { log, restore };
  }

  /** Reads that come after a write of the same frame (0 = every frame read everything first). */
  const readsAfterWrites = (log: string[]) =>
    perFrame(log).reduce(
      (sum, frame) => sum + frame.filter((entry, i) => entry === 'read' && frame.slice(0, i).includes('write')).length,
      0,
    );

  /** The log cut at frame boundaries, keeping only frames that read or wrote. */
  const perFrame = (log: string[]): string[][] => {
    const frames: string[][] = [[]];
    for (const entry of log) {
      if (entry === 'frame') frames.push([]);
      else frames[frames.length - 1]!.push(entry);
    }
    return frames.filter((frame) => frame.length > 0);
  };
  /** Waits until the engine has asked for no frame for 20 animation frames (~330 ms: past the 120 ms re-resolve debounce; a loaded machine is slow to settle). */
  const settle = async () => {
    let last = -1;
    for (let quiet = 0, i = 0; quiet < 20 && i < 400; i++) {
      const now = kit.rig.engine.stats.frames;
      quiet = now === last ? quiet + 1 : 0;
      last = now;
      await frames(1);
    }
  };
  const readsPerFrame = (log: string[]) => perFrame(log).map((frame) => frame.filter((entry) => entry === 'read').length);

  it('does one layout read pass per frame: every read before every write, one rect read per pin', async () => {
    kit.fixture.innerHTML =
      Array.from({ length: 30 }, (_, i) => `<p id="p${i}" style="margin:0 0 0 ${i * 5}px;height:20px">Row ${i}</p>`).join('') +
      '<div style="height:2000px"></div>';
    const pins = Array.from({ length: 30 }, (_, i) => kit.rig.pin(`k${i}`, `#p${i}`, { x: 10, y: 50 }));
    await settle();
    const framesBefore = kit.rig.engine.stats.frames;
    const recorder = recordReadsAndWrites(pins);
    try {
      window.scrollTo(0, 5);
      await frames(2);
    } finally {
      recorder.restore();
    }
    expect(kit.rig.engine.stats.frames - framesBefore).toBe(1);
    const { log } = recorder;
    // A scroll frame: one pointOf read (the element's client rects) per pin, plus the layer's origin.
    expect(log.filter((entry) => entry === 'read')).toHaveLength(30 + 1);
    expect(log.filter((entry) => entry === 'write').length).toBeGreaterThanOrEqual(30);
    expect(readsAfterWrites(log)).toBe(0);

    // A resize frame reads the same (plus style visibility, which is no layout read).
    await settle();
    const resize = recordReadsAndWrites(pins);
    try {
      window.dispatchEvent(new Event('resize'));
      await frames(2);
    } finally {
      resize.restore();
    }
    expect(resize.log.filter((entry) => entry === 'read')).toHaveLength(30 + 1);
    expect(readsAfterWrites(resize.log)).toBe(0);

    // A frame after a DOM change reads no more: the size comes with the point (a ResizeObserver
    // cannot give it for inline elements), all reads before the writes.
    await settle();
    const mutation = recordReadsAndWrites(pins);
    try {
      kit.fixture.style.paddingLeft = '3px';
      await frames(2);
    } finally {
      mutation.restore();
    }
    // The size change may also bring a ResizeObserver frame (a plain layout frame) on a slow machine.
    const reads = readsPerFrame(mutation.log);
    expect(reads[0]).toBe(30 + 1);
    for (const extra of reads.slice(1)) expect(extra).toBe(30 + 1);
    expect(mutation.log.filter((entry) => entry === 'write').length).toBeGreaterThanOrEqual(30);
    expect(readsAfterWrites(mutation.log)).toBe(0);
  });

  it('asks for no frame while nothing changes, and ignores mutations of its own host', async () => {
    kit.fixture.innerHTML = '<div id="still" style="width:50px;height:50px"></div>';
    kit.rig.pin('still', '#still');
    await frames(4);
    const before = kit.rig.engine.stats.frames;
    kit.rig.host.setAttribute('data-probe', '1');
    kit.rig.host.shadowRoot!.append(document.createElement('span'));
    await frames(4);
    expect(kit.rig.engine.stats.frames).toBe(before);
    kit.fixture.append(document.createElement('span'));
    await frames(2);
    expect(kit.rig.engine.stats.frames).toBeGreaterThan(before);
  });

  it('resolves late content when it arrives and reports orphans only after the retry window', async () => {
    const pin = kit.rig.pin('late', '#late');
    await frames(2);
    expect(kit.rig.engine.status.value.drawable.has('late')).toBe(false);
    expect(kit.rig.engine.status.value.orphaned).toEqual([]);
    kit.fixture.innerHTML = '<div style="height:80px"></div><div id="late" style="width:100px;height:30px">Late</div>';
    await vi.waitFor(() => expect(kit.rig.engine.status.value.drawable.has('late')).toBe(true), { timeout: 2000 });
    await frames(2);
    expectOn(pin, $('#late'));

    // A pin whose element never comes is listed as orphaned once the ~5 s retry window is over.
    kit.rig.pin('never', '#never-there');
    await frames(2);
    expect(kit.rig.engine.status.value.orphaned).toEqual([]);
    await vi.waitFor(() => expect(kit.rig.engine.status.value.orphaned).toEqual(['never']), { timeout: 7000, interval: 100 });
  }, 10_000);

  it('re-resolves a pin whose element was replaced by a re-render', async () => {
    kit.fixture.innerHTML = '<div id="swap" style="margin-left:10px;width:100px;height:30px"></div>';
    const pin = kit.rig.pin('swap', '#swap', { x: 90, y: 50 });
    await frames();
    expectOn(pin, $('#swap'), { x: 90, y: 50 });
    kit.fixture.innerHTML = '<div style="height:150px"></div><div id="swap" style="margin-left:200px;width:100px;height:30px"></div>';
    await frames(3);
    expectOn(pin, $('#swap'), { x: 90, y: 50 });
  });

  it('draws an override (a dragged pin) at its point and publishes positions for popovers', async () => {
    kit.fixture.innerHTML = '<div id="o" style="margin:40px;width:100px;height:30px"></div>';
    const pin = kit.rig.pin('o', '#o');
    await frames();
    kit.rig.engine.setOverride('o', { x: 321, y: 222 });
    await frames();
    expect(centreOf(pin).x).toBeCloseTo(321, 0);
    expect(centreOf(pin).y).toBeCloseTo(222, 0);
    expect(kit.rig.positions.get('o')).toEqual({ x: 321, y: 222 });
    kit.rig.engine.setOverride('o', null);
    await frames();
    expectOn(pin, $('#o'));
  });

  it('leaves nothing behind on destroy', async () => {
    kit.fixture.innerHTML = '<div id="d" style="width:10px;height:10px"></div>';
    kit.rig.pin('d', '#d');
    await frames();
    const before = kit.rig.engine.stats.frames;
    kit.rig.engine.destroy();
    window.scrollTo(0, 10);
    kit.fixture.append(document.createElement('i'));
    await frames(3);
    expect(kit.rig.engine.stats.frames).toBe(before);
  });
});
