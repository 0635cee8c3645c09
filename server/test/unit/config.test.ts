import path from 'node:path';
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
  ];
  for (const [name, value] of invalid) {
    it(`refuses ${name}=${value}, naming the setting`, () => {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid settings:\\n  ${name}: `));
    });
  }
});
