/**
 * Keeps a panel (composer, thread panel) beside the element it discusses as the page scrolls and
 * changes — never over it — or, on a small screen, docked to the bottom as a sheet with the page
 * scrolled so the element shows above it. The geometry is placement.ts's; this hook gathers its
 * numbers without extra layout reads and writes the result.
 */
import type { ReadonlySignal } from '@preact/signals';
import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { ListenerCollection } from '../util/listener-collection';
import { useReview, useWidget } from './hooks';
import { isSmallScreen, placePanel, placeSheet, type Box, type Size } from './placement';
import type { Point } from './positions';

export interface FollowOptions {
  /**
   * While true the page is not scrolled to show the target above a sheet: the composer's screenshot
   * is being taken of the viewport as the reviewer saw it when they tapped (its pin is drawn there).
   */
  holdScroll?: ReadonlySignal<boolean>;
}

/** The class that makes a panel a bottom sheet (panels.css); dock.css lifts the notices above it. */
const SHEET_CLASS = 'pm-popover--sheet';
/** A sheet at the top: the target is at the bottom of a page that cannot scroll it up. */
const SHEET_TOP_CLASS = 'pm-popover--sheet-top';
/** The sheet's height on the screen layer, for the dock above it (dock.css). */
const SHEET_HEIGHT_VAR = '--pm-sheet-height';
/** The dock's distance from the screen's edges (dock.css). */
const DOCK_INSET = 20;

export function useFollowPin(key: string, ref: RefObject<HTMLElement>, { holdScroll }: FollowOptions = {}): void {
  const { positions, engine } = useReview();
  const { controller } = useWidget();
  // A layout effect, so the panel is placed before its first paint (no flash in the corner).
  // No size is read here: offsetWidth would lay the new panel out inside the click that opened it,
  // tens of milliseconds on a heavy page. The ResizeObserver's first report comes after the frame's
  // own layout and still before paint, and places it exactly.
  useLayoutEffect(() => {
    const report = (error: unknown) => controller.report(error, 'ui');
    const listeners = new ListenerCollection(report);
    const element = ref.current;
    if (!element) return undefined;
    const layer = element.parentElement;
    const dock = layer?.querySelector<HTMLElement>(':scope > .pm-dock') ?? null;
    const rtl = element.closest('[dir]')?.getAttribute('dir') === 'rtl';
    let size: Size = { width: 0, height: 0 };
    let dockSize: Size | null = null;
    /** The target's border box in the last frame: client coordinates less the pin layer's origin. */
    let targetBox: Box | null = null;
    let written = '';
    /** The sheet as last written: its edge (null: not a sheet) and the height the dock is lifted by. */
    let sheetEdge: 'bottom' | 'top' | null = null;
    let sheetLift = -1;
    /** How far the page could scroll in the last frame (layout px); read only on small screens (sheets). */
    let pageRoom = { up: 0, down: 0 };
    /** The sheet's edge as decided for this screen height and sheet height (the keyboard came, the sheet grew). */
    let decided: { screen: number; height: number; edge: 'bottom' | 'top' } | null = null;
    /** With a screenshot on its way, the sheet is decided after the frame in which it starts (mount → capture). */
    let firstFrameDone = !holdScroll;

    // The target's box is read in the overlay's read phase, where its pin's element was just
    // measured (no extra layout); the panel is then written from the board in the write phase.
    listeners.own(
      engine.addTask({
        read() {
          const target = engine.elementOf(key);
          const rect = target?.isConnected ? target.getBoundingClientRect() : null;
          const { left, top } = engine.origin;
          targetBox =
            rect && rect.width + rect.height > 0
              ? { left: rect.left - left, top: rect.top - top, width: rect.width, height: rect.height }
              : null;
          if (isSmallScreen(positions.viewport)) pageRoom = scrollRoom();
        },
      }),
    );

    const dockBox = (viewport: Size): Box | undefined =>
      dockSize && dockSize.width > 0
        ? {
            left: rtl ? DOCK_INSET : viewport.width - DOCK_INSET - dockSize.width,
            top: viewport.height - DOCK_INSET - dockSize.height,
            width: dockSize.width,
            height: dockSize.height,
          }
        : undefined;

    const writeSheet = (edge: 'bottom' | 'top' | null) => {
      if (edge !== sheetEdge) {
        element.classList.toggle(SHEET_CLASS, edge !== null);
        element.classList.toggle(SHEET_TOP_CLASS, edge === 'top');
        sheetEdge = edge;
      }
      // The notices in the dock sit above a bottom sheet (dock.css).
      const lift = edge === 'bottom' ? size.height : -1;
      if (lift === sheetLift) return;
      sheetLift = lift;
      if (lift >= 0) layer?.style.setProperty(SHEET_HEIGHT_VAR, `${lift}px`);
      else layer?.style.removeProperty(SHEET_HEIGHT_VAR);
    };

    /**
     * Which edge the sheet takes and how far the page scrolls for it: decided once it has a size and
     * a target, again when the screen's height changes (the on-screen keyboard) or the sheet grew.
     */
    const decideSheet = (target: Box | undefined, point: Point | undefined, viewport: Size): 'bottom' | 'top' => {
      const ready = size.height > 0 && (target || point) && firstFrameDone;
      if (!ready) return decided?.edge ?? 'bottom';
      if (decided && decided.screen === viewport.height && size.height <= decided.height + 24) return decided.edge;
      const held = holdScroll?.peek() === true;
      const room = held ? { up: 0, down: 0 } : { up: positions.toScreenLength(pageRoom.up), down: positions.toScreenLength(pageRoom.down) };
      const sheet = placeSheet({ target, point, height: size.height, viewport, room });
      decided = { screen: viewport.height, height: size.height, edge: sheet.edge };
      if (Math.abs(sheet.scroll) >= 1) window.scrollBy({ top: positions.toPageLength(sheet.scroll), behavior: 'instant' });
      return sheet.edge;
    };

    const place = () => {
      try {
        placeNow();
      } catch (error) {
        report(error);
      }
    };
    const placeNow = () => {
      const viewport = positions.viewport;
      const point = positions.get(key);
      const target = targetBox ? positions.boxToScreen(targetBox) : undefined;
      const placement = placePanel({ target, point, size, viewport, avoid: dockBox(viewport) });
      if (placement.kind === 'sheet') {
        if (written !== '') element.style.transform = written = '';
        writeSheet(decideSheet(target, point, viewport));
        return;
      }
      writeSheet(null);
      decided = null;
      const transform = `translate(${placement.x}px, ${placement.y}px)`;
      if (transform !== written) element.style.transform = written = transform;
    };

    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const box = entry.borderBoxSize?.[0];
        if (!box) continue;
        if (entry.target === element) size = { width: box.inlineSize, height: box.blockSize };
        else dockSize = { width: box.inlineSize, height: box.blockSize };
      }
      place();
    });
    observer.observe(element);
    if (dock) observer.observe(dock);
    listeners.observe(observer);
    listeners.own(positions.follow(place));
    if (holdScroll) {
      listeners.requestAnimationFrame(() => {
        firstFrameDone = true;
        place();
      });
    }
    listeners.own(() => layer?.style.removeProperty(SHEET_HEIGHT_VAR));
    place();
    return () => listeners.removeAll();
  }, [key]);
}

/** How far the page can scroll up and down from here (layout px): the root scroller's room. */
function scrollRoom(): { up: number; down: number } {
  const root = document.scrollingElement ?? document.documentElement;
  const up = root.scrollTop;
  return { up, down: Math.max(0, root.scrollHeight - up - root.clientHeight) };
}
