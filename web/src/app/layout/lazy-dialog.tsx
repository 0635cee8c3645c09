import { type ReactNode, Suspense, useState } from 'react';

/**
 * Holds a dialog whose module loads when it is first opened (a `lazy` one), not with the layout
 * (issue 17: the layout's budget). Closed before that, it is nothing; once opened it stays mounted,
 * so it closes with its animation and opens again at once.
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense>{children}</Suspense> : null;
}
