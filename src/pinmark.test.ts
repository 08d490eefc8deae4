import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPinmark, validateOptions } from './pinmark';
import type { PinmarkOptions } from './types';

afterEach(() => vi.restoreAllMocks());

describe('validateOptions', () => {
  it('accepts the required options and trims the API base', () => {
    expect(validateOptions({ publicKey: 'pk', markupId: 'm', apiBase: 'http://localhost:8787/' })).toMatchObject({
      publicKey: 'pk',
      markupId: 'm',
      apiBase: 'http://localhost:8787',
    });
  });

  it('takes a theme, light unless asked otherwise', () => {
    const base = { publicKey: 'pk', markupId: 'm', apiBase: 'http://x.test' };
    expect(validateOptions(base).theme).toBe('light');
    expect(validateOptions({ ...base, theme: 'dark' }).theme).toBe('dark');
    expect(validateOptions({ ...base, theme: 'system' }).theme).toBe('system');
  });

  it.each([
    [{}, /publicKey/],
    [{ publicKey: 'pk' }, /markupId/],
    [{ publicKey: 'pk', markupId: 'm' }, /apiBase/],
    [{ publicKey: 'pk', markupId: 'm', apiBase: 'localhost:8787' }, /http\(s\) URL/],
    [{ publicKey: 'pk', markupId: 'm', apiBase: 'http://x.test', getCustomerToken: 'nope' }, /getCustomerToken/],
    [
      { publicKey: 'pk', markupId: 'm', apiBase: 'http://x.test', viewMode: 'phone' },
      /Option "viewMode" must be one of "auto", "all", "desktop", "tablet", "mobile", got "phone"/,
    ],
    [
      { publicKey: 'pk', markupId: 'm', apiBase: 'http://x.test', theme: 'blue' },
      /Option "theme" must be "light", "dark" or "system", got "blue"/,
    ],
  ])('rejects %j with a readable message', (options, message) => {
    expect(() => validateOptions(options as PinmarkOptions)).toThrow(message);
  });
});

describe('createPinmark', () => {
  it('never throws on bad options: emits error and warns once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pinmark = createPinmark();
    const errors = vi.fn();
    pinmark.on('error', errors);
    expect(() => pinmark.init({ publicKey: '' } as PinmarkOptions)).not.toThrow();
    expect(errors).toHaveBeenCalledWith({ code: 'invalid_options', status: 0, message: 'Option "publicKey" is required.' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(document.querySelector('pinmark-root')).toBeNull();
    expect(() => pinmark.open()).not.toThrow();
    expect(() => pinmark.destroy()).not.toThrow();
  });

  it('init() again replaces the running widget (still exactly one host element)', async () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const pinmark = createPinmark({ publicKey: 'pk', markupId: 'm', apiBase: 'http://x.test' });
    pinmark.init({ publicKey: 'pk', markupId: 'm2', apiBase: 'http://x.test' });
    // The UI mounts in a task after init (runtime.ts); the first widget's never does.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelectorAll('pinmark-root')).toHaveLength(1);
    pinmark.destroy();
    expect(document.querySelectorAll('pinmark-root')).toHaveLength(0);
  });
});
