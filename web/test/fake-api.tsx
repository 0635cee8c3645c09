import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import '../src/app/i18n.ts';
import type { MenuEntry } from '../src/app/menu.ts';
import { useMenu } from '../src/app/menu-store.ts';

/** A call the fake server received. */
export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer that refuses: the status, the server's catalogue key (the Error-Key header) and message. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly msg = key,
  ) {}
}

/**
 * Stands in for the server: each answer is the `data` of a BladeX envelope for a path (a function
 * of the call when it depends on it), or a Refusal; every call is recorded with its headers.
 */
export function fakeApi(answers: Record<string, unknown | ((call: Call) => unknown)>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: u.pathname,
        query: Object.fromEntries(u.searchParams),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const answer = answers[u.pathname];
      const data = typeof answer === 'function' ? answer(call) : answer;
      if (data instanceof Refusal) {
        const body = { code: data.status, success: false, data: null, msg: data.msg };
        return new Response(JSON.stringify(body), { status: data.status, headers: { 'error-key': data.key } });
      }
      return new Response(JSON.stringify({ code: 200, success: true, data: data ?? null, msg: '' }));
    }),
  );
  return calls;
}

/** Renders a screen part as the app does (fresh query cache, antd's App), holding these button codes. */
export function renderWith(ui: ReactNode, permissions: string[] = []) {
  useMenu.setState({ permissions: Object.fromEntries(permissions.map((c) => [c, true as const])) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>{ui}</App>
    </QueryClientProvider>,
  );
}

/** A menu entry at a path (its code and name too), with these children. */
export const menuEntry = (path: string, children: MenuEntry[] = []): MenuEntry => ({
  id: path,
  code: path,
  name: path,
  path,
  icon: null,
  newWindow: false,
  external: false,
  meta: {},
  children,
});
