import { useEffect, useState } from 'react';

/**
 * What a report page reads once when it opens (the report, the datasets on offer). Not react-query:
 * its hooks in these nested lazy chunks made the bundler split query-core out of the first load's
 * chunk, about 1 kB more for the login page; nothing here needs its cache.
 */
export function useLoaded<T>(load: (() => Promise<T>) | null): { data?: T; failed: boolean } {
  const [state, setState] = useState<{ data?: T; failed: boolean }>({ failed: false });
  const [first] = useState(() => load);
  useEffect(() => {
    let gone = false;
    first?.().then(
      (data) => !gone && setState({ data, failed: false }),
      () => !gone && setState({ failed: true }), // the client has shown why
    );
    return () => {
      gone = true;
    };
  }, [first]);
  return state;
}
