import smCrypto from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSm2KeyPair } from '../../src/platform/auth/sm2.ts';
import type { OpenDatabase } from '../../src/platform/db/database.ts';
import { installationValue } from '../../src/platform/db/installation-secrets.ts';
import { freshDatabase } from '../support/database.ts';

let database: OpenDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('an installation value', () => {
  it('is made at the first start only, and the first one stored is kept', async () => {
    const made: string[] = [];
    const make = (value: string) => () => {
      made.push(value);
      return value;
    };
    expect(await installationValue(database.db, 'test.value', make('first'))).toBe('first');
    expect(await installationValue(database.db, 'test.value', make('second'))).toBe('first');
    // a warm start makes nothing: making one may cost (an SM2 key pair)
    expect(made).toEqual(['first']);
  });
});

describe('the installation’s SM2 key pair', () => {
  it('is the kept private key and its public key, derived when first read', async () => {
    const first = await loadSm2KeyPair(database.db);
    const again = await loadSm2KeyPair(database.db);
    expect(again.privateKey).toBe(first.privateKey);
    expect(again.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(again.publicKey).toBe(smCrypto.sm2.getPublicKeyFromPrivateKey(first.privateKey));
    expect(again.publicKey).toBe(first.publicKey);
  });
});
