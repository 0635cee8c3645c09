import { website } from '../config.ts';
import { toWire } from './wire.ts';

/** One call through the one client. Paths are relative to /api unless they start with it. */
export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters; empty values are left out; dates go as the wire's text (`wire.ts`). */
  params?: Record<string, unknown>;
  /** A JSON body (its dates as the wire's text), or a URLSearchParams / FormData sent as it is. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Sends the `Blade-Auth` token when there is one. Default true. */
  withToken?: boolean;
  /** Sends the Basic client header. Default true (the kiosk's face call opts out). */
  withClient?: boolean;
  responseType?: 'json' | 'blob';
  /** A blob's bytes as they arrive (a long download shows its progress); `total` when the server says it. */
  onProgress?: (received: number, total: number | null) => void;
  /**
   * The bytes of the body sent so far (an upload's progress bar), and its whole size. The call then
   * times out only when nothing moves for the timeout, not when a large body takes longer.
   */
  onUploadProgress?: (sent: number, total: number) => void;
  /** Ends the call (and a download in progress) when aborted. */
  signal?: AbortSignal;
  /**
   * Failures only reject: no message is shown and a 401 ends no session. For a caller that shows
   * each failure its own way (the kiosk, which has no staff session).
   */
  quiet?: boolean;
  /**
   * A field of the body as its form labels it: the problems of a validation answer then name the
   * label the person sees (`供应商名称: 长度不能超过 200`), not the field (`name: …`).
   */
  fieldLabel?: (field: string) => string | undefined;
}

/** A rejected call: the answer's code (0 for a transport failure), body and the server's error key. */
export class HttpError extends Error {
  readonly code: number;
  readonly body: unknown;
  /** The refusal's catalogue key (the `Error-Key` header, e.g. `warehouse.face.none`), when the server named one. */
  readonly key: string | null;
  constructor(code: number, message: string, body: unknown = null, key: string | null = null) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.body = body;
    this.key = key;
  }
}

/** What the client needs from the app around it; set once at start (and by tests). */
export interface HttpHooks {
  token(): string;
  language(): string;
  showError(message: string): void;
  /** A 401: the session is over. */
  onUnauthorized(): void;
}

let hooks: HttpHooks = {
  token: () => '',
  language: () => 'zh-CN',
  showError: () => {},
  onUnauthorized: () => {},
};

export function configureHttp(overrides: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...overrides };
}

const UNKNOWN_ERROR = '未知错误';
const basicAuth = () => `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`;

function buildUrl(url: string, params?: Record<string, unknown>): string {
  const path = url.startsWith('/api') || /^https?:/.test(url) ? url : `/api${url.startsWith('/') ? '' : '/'}${url}`;
  const query = new URLSearchParams();
  for (const [key, raw] of Object.entries(params ?? {})) {
    const value = toWire(raw);
    if (value === undefined || value === null || value === '') continue;
    query.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = query.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function buildBody(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (data instanceof URLSearchParams || data instanceof FormData || data instanceof Blob) return data;
  headers['content-type'] = 'application/json';
  return JSON.stringify(toWire(data));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A body read chunk by chunk, telling each chunk's arrival (the timeout no longer applies; the signal does). */
async function readBlob(response: Response, onProgress: HttpRequest['onProgress']): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * fetch as XMLHttpRequest, which alone tells how much of a body has gone (fetch reports no upload
 * progress): the same request, answered as a Response, so everything after it is the client's one path.
 */
function sendWatchingUpload(
  url: string,
  init: RequestInit,
  onProgress: (sent: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    for (const [name, value] of Object.entries(init.headers as Record<string, string>))
      xhr.setRequestHeader(name, value);
    xhr.responseType = 'arraybuffer';
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : e.loaded);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const status = xhr.status;
      if (status < 200 || status > 599) return reject(new TypeError(`status ${status}`));
      resolve(new Response(NULL_BODY.has(status) ? null : (xhr.response as ArrayBuffer), { status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    if (init.signal?.aborted) return xhr.abort();
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

/** A validation answer's problems (`data: [{field, message}]`) said with the form's labels. */
function relabel(answer: unknown, fieldLabel: HttpRequest['fieldLabel']): string | null {
  const problems = (answer as { data?: unknown } | null)?.data;
  if (!fieldLabel || !Array.isArray(problems) || !problems.length) return null;
  return (problems as { field: string; message: string }[])
    .map(({ field, message }) => {
      const label = fieldLabel(field);
      const prefix = `${field}: `;
      return label && message.startsWith(prefix) ? `${label}: ${message.slice(prefix.length)}` : message;
    })
    .join('; ');
}

/**
 * The error catalogue of spec §8: statuses 200–500 are answers; the code is the body's `code`, else
 * the HTTP status; whitelisted codes reject silently; 401 ends the session; any other non-200 shows
 * `msg`, else `error_description`, else 未知错误, and rejects. Transport failures reject.
 */
export async function http<T = unknown>(request: HttpRequest): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': hooks.language(), ...request.headers };
  if (request.withClient !== false) headers.authorization = basicAuth();
  const token = hooks.token();
  if (token && request.withToken !== false) headers[website.tokenHeader.toLowerCase()] = `bearer ${token}`;
  const body = buildBody(request.data, headers);

  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), website.requestTimeoutMs);
  const abort = () => controller.abort();
  request.signal?.addEventListener('abort', abort, { once: true });
  if (request.signal?.aborted) abort();
  const init: RequestInit = {
    method: request.method ?? 'GET',
    headers,
    body,
    credentials: 'same-origin',
    signal: controller.signal,
  };
  const { onUploadProgress } = request;
  let response: Response;
  try {
    const url = buildUrl(request.url, request.params);
    response = await (onUploadProgress
      ? sendWatchingUpload(url, init, (sent, total) => {
          clearTimeout(timer);
          timer = setTimeout(() => controller.abort(), website.requestTimeoutMs);
          onUploadProgress(sent, total);
        })
      : fetch(url, init));
  } catch (error) {
    const timedOut = controller.signal.aborted && !request.signal?.aborted;
    throw new HttpError(0, timedOut ? `timeout of ${website.requestTimeoutMs}ms exceeded` : String(error));
  } finally {
    clearTimeout(timer);
  }
  if (response.status < 200 || response.status > 500) {
    throw new HttpError(response.status, `Request failed with status ${response.status}`);
  }
  if (request.responseType === 'blob' && response.ok) return (await readBlob(response, request.onProgress)) as T;

  const answer = await readBody(response);
  const fields = (answer && typeof answer === 'object' ? answer : {}) as {
    code?: number;
    msg?: string;
    error_description?: string;
  };
  const code = fields.code || response.status;
  const key = response.headers.get('error-key');
  if ((website.statusWhiteList as readonly number[]).includes(code)) {
    throw new HttpError(code, 'whitelisted', answer, key);
  }
  if (code === 401) {
    if (!request.quiet) hooks.onUnauthorized();
    throw new HttpError(401, fields.msg ?? 'unauthorized', answer, key);
  }
  if (code !== 200) {
    const message = relabel(answer, request.fieldLabel) || fields.msg || fields.error_description || UNKNOWN_ERROR;
    if (!request.quiet) hooks.showError(message);
    throw new HttpError(code, message, answer, key);
  }
  return answer as T;
}

/** The BladeX envelope most endpoints answer. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}
