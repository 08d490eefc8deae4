import { describe, expect, it } from 'vitest';
import type { ViewMode } from '../../api/wire';
import { categoryOfThread, viewModeCategory, viewModeIdFor } from './view-mode';

describe('viewModeCategory', () => {
  it.each([
    [1920, 'desktop'],
    [1024, 'desktop'],
    [1023, 'tablet'],
    [768, 'tablet'],
    [767, 'mobile'],
    [320, 'mobile'],
  ] as const)('%i px → %s', (width, category) => {
    expect(viewModeCategory(width)).toBe(category);
  });

  it('honours host breakpoints', () => {
    expect(viewModeCategory(1100, { desktop: 1200 })).toBe('tablet');
    expect(viewModeCategory(700, { tablet: 600 })).toBe('tablet');
  });
});

describe('viewModeIdFor', () => {
  const modes = [
    { id: 'vm-desktop', category: 'desktop' },
    { id: 'vm-mobile', category: 'mobile' },
  ] as ViewMode[];

  it('uses the markup view mode id of the category', () => {
    expect(viewModeIdFor(1280, modes)).toBe('vm-desktop');
    expect(viewModeIdFor(400, modes)).toBe('vm-mobile');
  });

  it('falls back to the category name', () => {
    expect(viewModeIdFor(800, modes)).toBe('tablet');
    expect(viewModeIdFor(800, [])).toBe('tablet');
  });
});

describe('categoryOfThread', () => {
  const modes = [
    { id: 'vm-desktop', category: 'desktop' },
    { id: 'vm-mobile', category: 'mobile' },
  ] as ViewMode[];

  it('maps a markup view mode id to its category, and accepts category names as ids', () => {
    expect(categoryOfThread({ viewModeId: 'vm-mobile' }, modes)).toBe('mobile');
    expect(categoryOfThread({ viewModeId: 'tablet' }, modes)).toBe('tablet');
    expect(categoryOfThread({ viewModeId: 'desktop' }, [])).toBe('desktop');
  });

  it('returns null (shown everywhere) for ids it does not know', () => {
    expect(categoryOfThread({ viewModeId: 'watch' }, modes)).toBeNull();
    expect(categoryOfThread({}, modes)).toBeNull();
  });
});
