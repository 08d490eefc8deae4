/**
 * The guest sign-in's proof of work (issue 18; the server's side is server/domain/guest-challenge.ts):
 * find a decimal nonce whose SHA-256 over `<challenge>:<nonce>` starts with `bits` zero bits. Hashed
 * with crypto.subtle in small batches; the work yields a task to the page every few milliseconds, so
 * the page's main thread is never held (the widget's rule: no long task over 50 ms). About 65 000
 * hashes at 16 bits: a second or two, spent while the visitor reads the form.
 */
import { runInNextTask } from '../util/next-task';

/** Hashes started together: enough to keep crypto.subtle busy, few enough to check the clock often. */
const BATCH = 128;
/** Yield to the page after this much work. */
const SLICE_MS = 8;

function zeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Always resolves (an abort is seen at the top of the loop): a cancelled task would leave the proof hanging. */
const nextTask = () => new Promise<void>((resolve) => runInNextTask(resolve));

/** Resolves with the nonce; rejects with an AbortError when `signal` aborts. */
export async function solveChallenge(challenge: string, bits: number, signal?: AbortSignal): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('This browser cannot compute SHA-256 (crypto.subtle needs a secure context, https)');
  const encoder = new TextEncoder();
  let sliceStart = performance.now();
  for (let base = 0; ; base += BATCH) {
    if (signal?.aborted) throw new DOMException('The guest sign-in was cancelled', 'AbortError');
    const digests = await Promise.all(
      Array.from({ length: BATCH }, (_, i) => subtle.digest('SHA-256', encoder.encode(`${challenge}:${base + i}`))),
    );
    const found = digests.findIndex((digest) => zeroBits(new Uint8Array(digest)) >= bits);
    if (found >= 0) return String(base + found);
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
}
