import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { md5Hex } from '../../src/platform/auth/passwords.ts';

// Real server processes (npm start), and a Redis of the test's own, for the suites that kill them.
const MAIN = path.join(import.meta.dirname, '../../src/main.ts');
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const START_TIMEOUT_MS = 60_000;

export interface Process {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function watch(child: ChildProcess): Process {
  let text = '';
  child.stdout?.on('data', (d) => (text += d));
  child.stderr?.on('data', (d) => (text += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

async function waitForOutput(process: Process, pattern: RegExp, what: string): Promise<RegExpMatchArray> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const match = process.output().match(pattern);
    if (match) return match;
    if (process.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${what} did not start:\n${process.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ServerProcess extends Process {
  url: string;
}

/** Starts the server (`src/main.ts`) with these settings on a free port; answers once it listens. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'error', DEMO_DATA: 'false', ...env },
  });
  const started = watch(child);
  const [, url] = await waitForOutput(started, /ready at (http:\/\/\S+)/, 'the server');
  return { ...started, url: url! };
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A Redis of the test's own on `port`, keeping nothing on disk: started again, it is empty. */
export async function startRedis(port: number): Promise<Process> {
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  const started = watch(child);
  await waitForOutput(started, /Ready to accept connections/, 'redis-server');
  return started;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** Calls of the running server's API as one caller, in English. */
export function client(base: string) {
  const call = (url: string, init: RequestInit = {}, token?: string) =>
    fetch(`${base}${url}`, {
      ...init,
      headers: {
        'accept-language': 'en-US',
        ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
  const tokenCall = (params: Record<string, string>) =>
    call(`/api/blade-auth/oauth/token?${new URLSearchParams({ scope: 'all', ...params })}`, {
      method: 'POST',
      headers: { authorization: SABER, 'tenant-id': '000000' },
    });
  return {
    call,
    post: (url: string, body: object, token: string) =>
      call(url, { method: 'POST', body: JSON.stringify(body) }, token),
    login: (username: string, password: string) =>
      tokenCall({ grant_type: 'password', tenantId: '000000', username, password: md5Hex(password) }),
    refresh: (refreshToken: string) => tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    logout: (token: string) => call('/api/blade-auth/oauth/logout', {}, token),
    userInfo: (token: string) => call('/api/blade-auth/oauth/user-info', {}, token),
    health: () => call('/api/health'),
  };
}

/** Signs in and answers the tokens, or throws with the answer. */
export async function signIn(api: ReturnType<typeof client>, username: string, password: string): Promise<Tokens> {
  const res = await api.login(username, password);
  const body = (await res.json()) as Tokens;
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(body)}`);
  return body;
}
