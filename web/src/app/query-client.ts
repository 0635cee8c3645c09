import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server reads (lists, options). Screens read fresh when they open; a failed call
 * has shown its message already, so nothing retries. Signing out empties it: the next user of this
 * browser, maybe of another tenant, must not see these rows.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 } },
});
