/**
 * The widget's proof of work (guest-proof.ts) against the server's check (server/domain/guest-challenge.ts):
 * the nonce it finds is one the server takes, it yields to other tasks while it works, and it stops
 * when aborted.
 */
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, makeChallenge, proofDigest, verifyChallenge } from '../../server/domain/guest-challenge';
import { solveChallenge } from './guest-proof';

describe('solveChallenge', () => {
  it('finds a nonce the server accepts', async () => {
    const challenge = makeChallenge('key', 'installation-1', 1_000, 12);
    const nonce = await solveChallenge(challenge, 12);
    expect(leadingZeroBits(proofDigest(challenge, nonce))).toBeGreaterThanOrEqual(12);
    expect(verifyChallenge('key', { challenge, nonce, installationId: 'installation-1', now: 4_000 })).toMatchObject({ ok: true });
  });

  it('lets other tasks run while it works, and stops when aborted', async () => {
    const challenge = makeChallenge('key', 'installation-1', 1_000, 40);
    const abort = new AbortController();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
      if (ticks === 5) abort.abort();
    }, 1);
    await expect(solveChallenge(challenge, 40, abort.signal)).rejects.toThrow(/cancelled/);
    clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});
