import { describe, expect, it } from 'vitest';
import { screenClass } from '../src/app/screen.ts';

describe('screenClass', () => {
  it.each([
    [1920, 3],
    [1200, 3],
    [1199, 2],
    [992, 2],
    [991, 1],
    [768, 1],
    [767, 0],
    [320, 0],
  ])('reads a width of %i as %i', (width, expected) => {
    expect(screenClass(width)).toBe(expected);
  });
});
