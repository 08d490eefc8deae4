/**
 * A cap on the work of describing one pin. Describing runs on the host page's main thread when a
 * reviewer clicks, and each uniqueness check is a document-wide querySelectorAll (about 1 ms on a
 * 50 000-element page), so both the number of checks and the time are bounded: when either runs
 * out, path builders stop searching and fall back to paths that need no checks. Lazy (describing only).
 */

/** Thrown by `count` when the budget is spent; path builders catch it and fall back. */
export class BudgetSpent extends Error {
  constructor() {
    super('anchor: describe budget spent');
  }
}

export class WorkBudget {
  /** Selector evaluations so far (what tests assert on: time is a benchmark, work is a contract). */
  queries = 0;
  private readonly deadline: number;

  constructor(
    readonly maxQueries: number,
    timeMs: number,
  ) {
    this.deadline = performance.now() + timeMs;
  }

  get spent(): boolean {
    return this.queries >= this.maxQueries || performance.now() >= this.deadline;
  }

  msLeft(): number {
    return Math.max(0, this.deadline - performance.now());
  }

  /** Counts a query run elsewhere (by code that cannot go through `all`); throws when spent. */
  charge(): void {
    if (this.spent) throw new BudgetSpent();
    this.queries++;
  }

  /** Elements matching `selector` under `scope`, counted against the budget. */
  all(scope: ParentNode, selector: string): NodeListOf<Element> {
    if (this.spent) throw new BudgetSpent();
    this.queries++;
    return scope.querySelectorAll(selector);
  }

  /** True when `selector` matches exactly `element` in its document. */
  isUniqueFor(element: Element, selector: string): boolean {
    try {
      const found = this.all(element.ownerDocument, selector);
      return found.length === 1 && found[0] === element;
    } catch (error) {
      if (error instanceof BudgetSpent) throw error;
      return false; // an invalid selector is simply not a candidate
    }
  }
}
