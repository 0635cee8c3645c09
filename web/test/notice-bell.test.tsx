import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeBell } from '../src/app/layout/NoticeBell.tsx';
import { useMenu } from '../src/app/menu-store.ts';
import { queryClient } from '../src/app/query-client.ts';
import { menuEntry as entry, fakeApi, renderWith } from './fake-api.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

function renderBell(paths: string[]) {
  useMenu.setState({ menuAll: [{ ...entry('/warehouse'), children: paths.map((path) => entry(path)) }] });
  renderWith(<RouterProvider router={createMemoryRouter([{ path: '*', element: <NoticeBell /> }])} />);
}

describe('the notice bell', () => {
  it('shows the untreated count to whoever holds the notice screen', async () => {
    const calls = fakeApi({ '/api/warehouse/notice/untreated': 3 });
    renderBell(['/warehouse/notice']);
    await waitFor(() => expect(document.querySelector('.ant-scroll-number')?.getAttribute('title')).toBe('3'));
    expect(calls.map((c) => c.path)).toEqual(['/api/warehouse/notice/untreated']);
    expect(screen.getByRole('button', { name: '通知' })).toBeTruthy();
  });

  it('asks nothing of the server for a user without it', async () => {
    const calls = fakeApi({});
    renderBell(['/warehouse/materials']);
    await screen.findByRole('button', { name: '通知' });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(document.querySelector('.ant-scroll-number')).toBeNull();
  });
});
