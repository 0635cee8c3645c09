import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { queryClient } from '../src/app/query-client.ts';
import { useSession } from '../src/app/session.ts';

afterEach(() => {
  useSession.getState().signOutLocally();
});

/** A screen's read, drawn again whenever the session changes (as the layout around every screen is). */
function Reader({ read }: { read: () => Promise<string> }) {
  useSession((s) => s.token);
  const { data } = useQuery({ queryKey: ['probe'], queryFn: read });
  return <span>{data ?? 'waiting'}</span>;
}

it('stops every read when the session ends, empties the cache, and reads again after the next sign-in', async () => {
  useSession.getState().signIn({ access_token: 'a', tenant_id: '000000', account: 'keeper' });
  const read = vi.fn(async () => 'rows');
  const view = () => (
    <QueryClientProvider client={queryClient}>
      <Reader read={read} />
    </QueryClientProvider>
  );
  const { rerender } = render(view());
  expect(await screen.findByText('rows')).toBeTruthy();
  expect(read).toHaveBeenCalledTimes(1);

  // Signed out (or a 401) while the page is still shown: it must not ask again, refused each time.
  act(() => useSession.getState().signOutLocally());
  rerender(view());
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(read).toHaveBeenCalledTimes(1);
  expect(queryClient.getQueryData(['probe'])).toBeUndefined();

  act(() => useSession.getState().signIn({ access_token: 'b', tenant_id: '000000', account: 'keeper' }));
  await act(() => queryClient.refetchQueries());
  expect(read).toHaveBeenCalledTimes(2);
});
