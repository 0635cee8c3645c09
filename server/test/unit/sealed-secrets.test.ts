import { describe, expect, it } from 'vitest';
import { createSealer } from '../../src/platform/auth/sealed-secrets.ts';

const sealer = createSealer(new Uint8Array(64).fill(1));

describe('sealed secrets', () => {
  it('open to what was sealed, and differ each time', () => {
    const a = sealer.seal('p@ss wörd');
    const b = sealer.seal('p@ss wörd');
    expect(a).not.toBe(b);
    expect(a).not.toContain('p@ss');
    expect(sealer.isSealed(a)).toBe(true);
    expect(sealer.open(a)).toBe('p@ss wörd');
  });

  it('do not open under another key, when tampered with, or when never sealed', () => {
    const sealed = sealer.seal('secret');
    expect(() => createSealer(new Uint8Array(64).fill(2)).open(sealed)).toThrow();
    const raw = Buffer.from(sealed.slice('sealed:v1:'.length), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => sealer.open(`sealed:v1:${raw.toString('base64')}`)).toThrow();
    expect(() => sealer.open('plain text')).toThrow('not a sealed value');
    expect(sealer.isSealed('plain text')).toBe(false);
  });
});
