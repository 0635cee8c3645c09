import path from 'node:path';
import smCrypto from 'sm-crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      adminPassword: undefined,
      logLevel: 'info',
      apiDocs: false,
      tokenHeader: 'Blade-Auth',
      uploadMaxMb: 20,
      demoData: true,
      faceMatchThreshold: 0.5,
      timeZone: 'Asia/Shanghai',
    });
  });

  it('reads every setting', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ADMIN_PASSWORD: 'secret-1',
      LOG_LEVEL: 'warn',
      API_DOCS: 'true',
      UPLOAD_MAX_MB: '5',
      FACE_MATCH_THRESHOLD: '0.45',
      TIME_ZONE: 'Europe/Berlin',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/db',
      redisUrl: 'redis://127.0.0.1:6379',
      adminPassword: 'secret-1',
      logLevel: 'warn',
      apiDocs: true,
      uploadMaxMb: 5,
      demoData: false,
      faceMatchThreshold: 0.45,
      timeZone: 'Europe/Berlin',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'off' }).demoData).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  const invalid: [string, string][] = [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['ADMIN_PASSWORD', '123'],
    ['FACE_MATCH_THRESHOLD', '0'],
    ['LOG_LEVEL', 'loud'],
    ['API_DOCS', 'maybe'],
    ['TOKEN_SECRET', 'short'],
    ['UPLOAD_MAX_MB', '0'],
    ['UPLOAD_MAX_MB', 'big'],
    ['TIME_ZONE', 'Mars/Olympus'],
  ];
  for (const [name, value] of invalid) {
    it(`refuses ${name}=${value}, naming the setting`, () => {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid settings:\\n  ${name}: `));
    });
  }
});

describe('SM2_PRIVATE_KEY and SM2_PUBLIC_KEY', () => {
  const pair = smCrypto.sm2.generateKeyPairHex();
  const other = smCrypto.sm2.generateKeyPairHex();

  it('takes a key pair, or the private key alone (the public one derived), and none by default', () => {
    expect(loadConfig({}).sm2).toBeUndefined();
    const given = { SM2_PRIVATE_KEY: pair.privateKey, SM2_PUBLIC_KEY: pair.publicKey };
    expect(loadConfig(given).sm2).toEqual({ privateKey: pair.privateKey, publicKey: pair.publicKey });
    expect(loadConfig({ SM2_PRIVATE_KEY: pair.privateKey }).sm2?.publicKey).toBe(pair.publicKey);
    // SpringBlade's generator prints Java's BigInteger bytes: a leading 00 byte when the top bit is set
    expect(loadConfig({ SM2_PRIVATE_KEY: `00${pair.privateKey}` }).sm2?.privateKey).toBe(pair.privateKey);
  });

  const refused: [Record<string, string>, string][] = [
    [{ SM2_PUBLIC_KEY: pair.publicKey }, 'SM2_PRIVATE_KEY'],
    [{ SM2_PRIVATE_KEY: 'not-hex' }, 'SM2_PRIVATE_KEY'],
    [{ SM2_PRIVATE_KEY: '0' }, 'SM2_PRIVATE_KEY'],
    [{ SM2_PRIVATE_KEY: 'f'.repeat(64) }, 'SM2_PRIVATE_KEY'],
    [{ SM2_PRIVATE_KEY: pair.privateKey, SM2_PUBLIC_KEY: other.publicKey }, 'SM2_PUBLIC_KEY'],
    [{ SM2_PRIVATE_KEY: pair.privateKey, SM2_PUBLIC_KEY: `05${pair.publicKey.slice(2)}` }, 'SM2_PUBLIC_KEY'],
  ];
  for (const [env, name] of refused) {
    it(`refuses ${Object.keys(env).join(' and ')} (${name}), never printing a key`, () => {
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid settings:\\n  ${name}: `));
      try {
        loadConfig(env);
      } catch (error) {
        expect((error as Error).message).not.toContain(pair.privateKey.slice(8, 40));
      }
    });
  }
});
