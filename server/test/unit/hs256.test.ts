import { createHmac } from 'node:crypto';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hs256Signer, hs256Verifier } from '../../src/platform/auth/hs256.ts';

// The verifier is Node's HMAC; the tokens here are signed by jose, a separate implementation.
const secret = new Uint8Array(Buffer.alloc(64, 7));
const verify = hs256Verifier(secret);
const NOW = 1_800_000_000;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const signed = (claims: JWTPayload, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }, key = secret) =>
  new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key);

/** A token signed by hand, for headers jose will not sign (its own checks refuse them). */
const signedRaw = (header: unknown, claims: unknown) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};

describe('HS256 verification', () => {
  it('answers the claims of a token jose signed with the secret', async () => {
    const token = await signed({ sub: 'a', exp: NOW + 60, iat: NOW, nbf: NOW });
    expect(verify(token, NOW)).toEqual({ sub: 'a', exp: NOW + 60, iat: NOW, nbf: NOW });
  });

  it('refuses another secret, a changed payload and a changed header', async () => {
    const token = await signed({ sub: 'a', exp: NOW + 60 });
    const other = await signed({ sub: 'a', exp: NOW + 60 }, undefined, new Uint8Array(Buffer.alloc(64, 8)));
    const [header, , signature] = token.split('.');
    expect(verify(other, NOW)).toBeNull();
    expect(verify(`${header}.${b64({ sub: 'admin', exp: NOW + 60 })}.${signature}`, NOW)).toBeNull();
    expect(verify(`${b64({ alg: 'HS256' })}.${token.split('.')[1]}.${signature}`, NOW)).toBeNull();
  });

  it('refuses every algorithm but HS256, and headers with extensions', async () => {
    const claims = { sub: 'a', exp: NOW + 60 };
    expect(verify(await signed(claims, { alg: 'HS512' }), NOW)).toBeNull();
    expect(verify(signedRaw({ alg: 'HS256' }, claims), NOW)).toEqual(claims);
    expect(verify(signedRaw({ alg: 'HS256', crit: ['x'], x: 1 }, claims), NOW)).toBeNull();
    expect(verify(signedRaw({ alg: 'HS256', b64: false, crit: ['b64'] }, claims), NOW)).toBeNull();
    expect(verify(signedRaw({ alg: 'hs256' }, claims), NOW)).toBeNull();
    expect(verify(`${b64({ alg: 'none' })}.${b64(claims)}.`, NOW)).toBeNull();
    expect(verify(`${b64({ alg: 'none' })}.${b64(claims)}`, NOW)).toBeNull();
  });

  it('refuses an expired token, one not yet valid and time claims that are not numbers', async () => {
    expect(verify(await signed({ exp: NOW }), NOW)).toBeNull();
    expect(verify(await signed({ exp: NOW + 1 }), NOW)).not.toBeNull();
    expect(verify(await signed({ nbf: NOW + 1 }), NOW)).toBeNull();
    expect(verify(await signed({ nbf: NOW }), NOW)).not.toBeNull();
    for (const claim of ['exp', 'nbf', 'iat']) {
      expect(verify(signedRaw({ alg: 'HS256' }, { [claim]: String(NOW + 60) }), NOW), claim).toBeNull();
    }
  });

  it('refuses what is not three base64url parts of JSON objects', async () => {
    const token = await signed({ sub: 'a' });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    for (const bad of [
      '',
      'not.a.jwt',
      `${token}.`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature}=`, // padding: not in base64url
      `${header}.${payload}.${signature.slice(0, -1)}+`,
      `${header} .${payload}.${signature}`,
    ]) {
      expect(verify(bad, NOW), bad).toBeNull();
    }
    expect(verify(signedRaw({ alg: 'HS256' }, [1]), NOW)).toBeNull();
    expect(verify(signedRaw({ alg: 'HS256' }, 'text'), NOW)).toBeNull();
    expect(verify(signedRaw([{ alg: 'HS256' }], {}), NOW)).toBeNull();
  });
});

describe('HS256 signing', () => {
  const sign = hs256Signer(secret);

  it('makes tokens jose verifies, with the claims given and its header', async () => {
    const claims = { sub: 'a', exp: NOW + 60, iat: NOW, name: '张伟' };
    const token = sign(claims);
    const { payload, protectedHeader } = await jwtVerify(token, secret, { currentDate: new Date(NOW * 1000) });
    expect(payload).toEqual(claims);
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(verify(token, NOW)).toEqual(claims);
  });

  it('signs with its own secret only', async () => {
    const token = hs256Signer(new Uint8Array(Buffer.alloc(64, 8)))({ sub: 'a', exp: NOW + 60 });
    await expect(jwtVerify(token, secret, { currentDate: new Date(NOW * 1000) })).rejects.toThrow();
    expect(verify(token, NOW)).toBeNull();
  });
});
