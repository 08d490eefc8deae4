/**
 * Table rows as stubs (stubs.ts). A table's column widths come from every row's content, so rows
 * left out would change the columns of those on screen. A table whose rows are stubbed gets its
 * columns frozen in the copy instead: `table-layout: fixed`, its own width, and a <colgroup> of the
 * page's measured column widths; rows on screen then wrap exactly as in the page.
 * Only plain tables: no <col>s of their own, no row spans (a span into a stub), left to right.
 */
import { makeCloneInert } from './inert-clone';

interface Plan {
  width: number;
  columns: number[];
  /** Collapsed borders are shared between rows: a stub row keeps its (empty) cells, for their borders. */
  collapse: boolean;
}

export interface TableFreezer {
  /** Every copied element (tables are remembered, to freeze their copy). */
  copied(original: Element, copy: Element): void;
  /** Whether this row's table can be frozen (whether its content stays away: stubs.ts). */
  canStub(row: Element): boolean;
  /** Shapes a row's stub: freezes its table's copy (first time), keeps empty cells where borders collapse. */
  stubbed(row: Element, copy: Element): void;
}

export function createTableFreezer(win: Window): TableFreezer {
  const copies = new WeakMap<Element, HTMLElement>();
  const plans = new WeakMap<Element, Plan | null>();
  const frozen = new WeakSet<Element>();
  const tableOf = (row: Element): Element | null => {
    const parent = row.parentElement;
    const table = parent && /^t(?:body|head|foot)$/.test(parent.localName) ? parent.parentElement : parent;
    return table?.localName === 'table' ? table : null;
  };
  const planFor = (table: Element): Plan | null => {
    if (!plans.has(table)) plans.set(table, copies.has(table) ? measure(win, table as HTMLTableElement) : null);
    return plans.get(table)!;
  };
  return {
    copied(original, copy) {
      if (original.localName === 'table') copies.set(original, copy as HTMLElement);
    },
    canStub(row) {
      const table = tableOf(row);
      return !!table && !!planFor(table);
    },
    stubbed(row, rowCopy) {
      const table = tableOf(row);
      const plan = table && planFor(table);
      const copy = table && copies.get(table);
      if (!table || !plan || !copy) return;
      if (plan.collapse) {
        for (const cell of (row as HTMLTableRowElement).cells) {
          const empty = cell.cloneNode(false) as Element;
          makeCloneInert(cell, empty);
          rowCopy.append(empty);
        }
      }
      if (frozen.has(table)) return;
      frozen.add(table);
      const doc = copy.ownerDocument;
      const group = doc.createElement('colgroup');
      for (const width of plan.columns) {
        const col = doc.createElement('col');
        col.style.setProperty('width', `${width}px`, 'important');
        group.append(col);
      }
      const caption = copy.firstElementChild?.localName === 'caption' ? copy.firstElementChild : null;
      copy.insertBefore(group, caption ? caption.nextSibling : copy.firstChild);
      copy.style.setProperty('table-layout', 'fixed', 'important');
      copy.style.setProperty('box-sizing', 'border-box', 'important');
      copy.style.setProperty('width', `${plan.width}px`, 'important');
    },
  };
}

/** The page's column widths, from a row with one cell per column; null where that is not plain. */
function measure(win: Window, table: HTMLTableElement): Plan | null {
  const style = win.getComputedStyle(table);
  if (style.direction !== 'ltr' || (style.display !== 'table' && style.display !== 'inline-table')) return null;
  if (table.querySelector(':scope > col, :scope > colgroup')) return null;
  let columns = 0;
  let reference: HTMLTableRowElement | null = null;
  for (const row of table.rows) {
    let span = 0;
    for (const cell of row.cells) {
      if (cell.rowSpan !== 1) return null;
      span += cell.colSpan;
    }
    if (span > columns) {
      columns = span;
      reference = null;
    }
    if (!reference && span === columns && row.cells.length === span) reference = row;
  }
  if (!reference || columns === 0) return null;
  const spacing = style.borderCollapse === 'collapse' ? 0 : parseFloat(style.borderSpacing) || 0;
  const boxes = [...reference.cells].map((cell) => cell.getBoundingClientRect());
  const widths = boxes.map((box, i) => (i + 1 < boxes.length ? boxes[i + 1]!.left - box.left - spacing : box.width));
  return { width: table.getBoundingClientRect().width, columns: widths, collapse: style.borderCollapse === 'collapse' };
}
