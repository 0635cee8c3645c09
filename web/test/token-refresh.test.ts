import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../src/api/http.ts';
import { useSession } from '../src/app/session.ts';
import { setStore } from '../src/app/storage.ts';
import { startTokenRefresh } from '../src/app/token-refresh.ts';

let stop: () => void;
let clock = 0;

beforeEach(() => {
  vi.useFakeTimers();
  clock = 1_000_000;
  useSession.getState().signIn({ access_token: 'old-access', refresh_token: 'old-refresh', tenant_id: '000000' });
  configureHttp({ token: () => useSession.getState().token });
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSession.getState().signOutLocally();
});

/** Stores the token as saved `ageSeconds` ago by the fake clock. */
function tokenAged(ageSeconds: number) {
  vi.setSystemTime(clock - ageSeconds * 1000);
  setStore('token', useSession.getState().token);
  vi.setSystemTime(clock);
}

describe('the token refresh timer', () => {
  it('does nothing while the token is younger than the token time', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    tokenAged(2999);
    stop = startTokenRefresh(() => clock);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refreshes once when the token reaches the token time, and keeps the new tokens', async () => {
    let answer!: (r: Response) => void;
    const fetch = vi.fn(
      (_url: string, _init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    tokenAged(3000);
    stop = startTokenRefresh(() => clock);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledOnce();
    const url = new URL(fetch.mock.calls[0]?.[0] as string, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'old-refresh',
      scope: 'all',
    });
    // A check while the refresh is under way starts no second one.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledOnce();
    answer(
      new Response(JSON.stringify({ access_token: 'new-access', refresh_token: 'new-refresh', tenant_id: '000000' })),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(useSession.getState()).toMatchObject({ token: 'new-access', refreshToken: 'new-refresh' });
  });

  it('drops the tokens of a refresh answered after the user signed out', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    tokenAged(3000);
    stop = startTokenRefresh(() => clock);
    await vi.advanceTimersByTimeAsync(10_000);
    useSession.getState().signOutLocally();
    answer(
      new Response(JSON.stringify({ access_token: 'new-access', refresh_token: 'new-refresh', tenant_id: '000000' })),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(useSession.getState()).toMatchObject({ token: '', refreshToken: '' });
  });
});
