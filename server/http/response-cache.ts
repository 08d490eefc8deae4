/**
 * An in-process LRU of serialized response bodies, bounded by their total size. Keys must name
 * the content exactly (the caller puts a data version in them), so entries are never invalidated,
 * only evicted: a changed version simply stops being asked for and ages out.
 */

export interface CachedBody {
  /** The JSON body as sent. */
  bytes: Uint8Array<ArrayBuffer>;
  /** Strong entity tag, quoted, as in the `ETag` header. */
  etag: string;
}

export interface ResponseCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

/** Per-entry overhead beyond the body (key, map slot), so many tiny bodies still count. */
const ENTRY_OVERHEAD = 256;

export class ResponseCache {
  // A Map iterates in insertion order; re-inserting on a hit makes its first key the least recently used.
  private readonly entries = new Map<string, CachedBody>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly maxBytes: number,
    /** A body larger than this share of the budget is not kept: it would evict everything else. */
    private readonly maxEntryBytes = Math.floor(maxBytes / 8),
  ) {}

  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedBody): void {
    const size = entry.bytes.byteLength + key.length + ENTRY_OVERHEAD;
    if (size > this.maxEntryBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  stats(): ResponseCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes.byteLength + key.length + ENTRY_OVERHEAD;
  }
}
