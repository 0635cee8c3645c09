import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, HttpError, http } from '../src/api/http.ts';
import { searchValues } from '../src/components/crud/form-values.ts';

const BASIC = `Basic ${btoa('saber:saber_secret')}`;
let showError: ReturnType<typeof vi.fn<(m: string) => void>>;
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
let token = '';

function answer(status: number, body: unknown) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? '' : JSON.stringify(body), { status }),
  );
}

beforeEach(() => {
  showError = vi.fn();
  onUnauthorized = vi.fn();
  token = '';
  configureHttp({ token: () => token, language: () => 'en-US', showError, onUnauthorized });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('the call resolved');
}

describe('the request', () => {
  it('goes to /api with the Basic client header, the language, and no token when there is none', async () => {
    const fetch = answer(200, { code: 200, data: 1 });
    vi.stubGlobal('fetch', fetch);
    await http({ url: '/blade-system/param/list', params: { current: 1, size: 10, paramKey: '', ids: ['1', '2'] } });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/blade-system/param/list?current=1&size=10&ids=1%2C2');
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe(BASIC);
    expect(headers['accept-language']).toBe('en-US');
    expect(headers['blade-auth']).toBeUndefined();
    expect(init.method).toBe('GET');
  });

  it('sends the token as Blade-Auth: bearer, unless the call opts out, and a JSON body', async () => {
    token = 'abc';
    const fetch = answer(200, { code: 200 });
    vi.stubGlobal('fetch', fetch);
    await http({ url: '/api/x', method: 'POST', data: { a: 1 } });
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>)['blade-auth']).toBe('bearer abc');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
    await http({ url: '/x', withToken: false, withClient: false });
    const bare = fetch.mock.calls[1]?.[1] as RequestInit;
    expect((bare.headers as Record<string, string>)['blade-auth']).toBeUndefined();
    expect((bare.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('sends every date in one wire format (yyyy-MM-dd HH:mm:ss), in the query and the body alike', async () => {
    const fetch = answer(200, { code: 200 });
    vi.stubGlobal('fetch', fetch);
    const at = dayjs('2026-11-01T08:30:05');
    await http({ url: '/x', params: { startTime: at, endTime: new Date(2026, 10, 2, 0, 0, 0) } });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/x?startTime=2026-11-01+08%3A30%3A05&endTime=2026-11-02+00%3A00%3A00');
    await http({ url: '/x', method: 'POST', data: { refuelTime: at, items: [{ at: new Date(2026, 0, 3, 4, 5, 6) }] } });
    expect((fetch.mock.calls[1]?.[1] as RequestInit | undefined)?.body).toBe(
      '{"refuelTime":"2026-11-01 08:30:05","items":[{"at":"2026-01-03 04:05:06"}]}',
    );
    // a search bar's date field is a day: the server takes in the whole of it
    const fields = [{ name: 'endTime', label: 'x', type: 'date' as const }];
    await http({ url: '/x', params: searchValues(fields, { endTime: at, keyword: 'a' }) });
    expect(fetch.mock.calls[2]?.[0]).toBe('/api/x?endTime=2026-11-01&keyword=a');
  });
});

describe('the error catalogue (spec §8)', () => {
  it('resolves a 200 answer with its body', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, success: true, data: { a: 1 }, msg: 'ok' }));
    await expect(http({ url: '/x' })).resolves.toEqual({ code: 200, success: true, data: { a: 1 }, msg: 'ok' });
    expect(showError).not.toHaveBeenCalled();
  });

  it('takes the code from the body before the HTTP status', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 400, msg: 'broken rule' }));
    const error = await rejection(http({ url: '/x' }));
    expect(error.code).toBe(400);
    expect(showError).toHaveBeenCalledWith('broken rule');
  });

  it('takes the HTTP status when the body has no code', async () => {
    vi.stubGlobal('fetch', answer(400, { error: 'invalid_grant', error_description: 'wrong password' }));
    const error = await rejection(http({ url: '/x' }));
    expect(error.code).toBe(400);
    expect(showError).toHaveBeenCalledWith('wrong password');
  });

  it('shows 未知错误 when the answer names no message', async () => {
    vi.stubGlobal('fetch', answer(404, undefined));
    await rejection(http({ url: '/x' }));
    expect(showError).toHaveBeenCalledWith('未知错误');
  });

  it('prefers msg over error_description', async () => {
    vi.stubGlobal('fetch', answer(403, { code: 403, msg: 'not allowed', error_description: 'other' }));
    await rejection(http({ url: '/x' }));
    expect(showError).toHaveBeenCalledWith('not allowed');
  });

  it('ends the session on 401, without a message', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: 'token expired' }));
    const error = await rejection(http({ url: '/x' }));
    expect(error.code).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(showError).not.toHaveBeenCalled();
  });

  it('leaves a quiet call’s failures to its caller, with the server’s error key', async () => {
    const refusal = (status: number, key: string) =>
      vi.fn(
        async () => new Response(JSON.stringify({ code: status, msg: 'm' }), { status, headers: { 'error-key': key } }),
      );
    vi.stubGlobal('fetch', refusal(400, 'warehouse.face.none'));
    expect((await rejection(http({ url: '/x', quiet: true }))).key).toBe('warehouse.face.none');
    vi.stubGlobal('fetch', refusal(401, 'error.kiosk.invalid'));
    expect((await rejection(http({ url: '/x', quiet: true }))).key).toBe('error.kiosk.invalid');
    expect(showError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', refusal(400, 'warehouse.face.none'));
    expect((await rejection(http({ url: '/x' }))).key).toBe('warehouse.face.none');
    expect(showError).toHaveBeenCalledWith('m');
  });

  it('treats 500 as an answer: shows its message', async () => {
    vi.stubGlobal('fetch', answer(500, { code: 500, msg: 'Internal server error, error id 42' }));
    await rejection(http({ url: '/x' }));
    expect(showError).toHaveBeenCalledWith('Internal server error, error id 42');
  });

  it('rejects statuses above 500 as transport failures, without a message', async () => {
    vi.stubGlobal('fetch', answer(502, { code: 502, msg: 'bad gateway' }));
    const error = await rejection(http({ url: '/x' }));
    expect(error.code).toBe(502);
    expect(showError).not.toHaveBeenCalled();
  });

  it('rejects a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await rejection(http({ url: '/x' }));
    expect(error.code).toBe(0);
    expect(showError).not.toHaveBeenCalled();
  });

  it('gives up after 10000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = rejection(http({ url: '/x' }));
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).message).toBe('timeout of 10000ms exceeded');
  });

  it('answers a blob for a file download', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('xlsx', { status: 200 })),
    );
    const blob = await http<Blob>({ url: '/x', responseType: 'blob' });
    expect(await blob.text()).toBe('xlsx');
  });
});
