import { QueryClient } from '@tanstack/react-query';

let sessionOpen = true;

/** Whether reads may run: not between the end of a session and the next sign-in. */
export const queriesOpen = () => sessionOpen;

/**
 * The one cache of server reads (lists, options). Screens read fresh when they open; a failed call
 * has shown its message already, so nothing retries. Reads run only while a session is open: the
 * page that was open when it ended (signed out, or a 401) stays mounted for a moment and would read
 * again, be refused, end the session again, and so on.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { enabled: queriesOpen, retry: false, refetchOnWindowFocus: false, staleTime: 0 } },
});

/**
 * The session ended: reads under way are cancelled and the cache emptied (the next user of this
 * browser, maybe of another tenant, must not see these rows), and none starts until `openQueries`.
 */
export function closeQueries(): void {
  sessionOpen = false;
  void queryClient.cancelQueries();
  queryClient.clear();
}

/** A session began: reads may run again. */
export function openQueries(): void {
  sessionOpen = true;
}
