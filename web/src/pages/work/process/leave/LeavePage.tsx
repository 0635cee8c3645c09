import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../../app/use-document-title.ts';
import { LeaveDetailPage } from './LeaveDetailPage.tsx';
import { LeaveFormPage } from './LeaveFormPage.tsx';
import { LeaveHandlePage } from './LeaveHandlePage.tsx';

/** Spec §2's leave routes, their ids read from the path (the layout's routes are one catch-all). */
const ROUTES = {
  form: /^\/work\/process\/leave\/form\/([^/]+)$/,
  handle: /^\/work\/process\/leave\/handle\/([^/]+)\/([^/]+)\/([^/]+)$/,
  detail: /^\/work\/process\/leave\/detail\/([^/]+)\/([^/]+)$/,
} as const;

export type LeaveScreen = keyof typeof ROUTES;

/** Which leave page a path is, and its ids. */
export function leaveRoute(path: string): { screen: LeaveScreen; ids: string[] } | undefined {
  for (const [screen, pattern] of Object.entries(ROUTES) as [LeaveScreen, RegExp][]) {
    const match = pattern.exec(path);
    if (match) return { screen, ids: match.slice(1).map(decodeURIComponent) };
  }
  return undefined;
}

/** The leave page at the current path. */
export default function LeavePage() {
  const { pathname } = useLocation();
  const route = leaveRoute(pathname);
  useDocumentTitle(`leave.${route?.screen ?? 'form'}`);
  if (!route) return null;
  const [a = '', b = '', c = ''] = route.ids;
  // keyed by the path: another request's page starts afresh
  if (route.screen === 'form') return <LeaveFormPage key={pathname} processDefinitionId={a} />;
  if (route.screen === 'handle')
    return <LeaveHandlePage key={pathname} taskId={a} processInstanceId={b} businessId={c} />;
  return <LeaveDetailPage key={pathname} processInstanceId={a} businessId={b} />;
}
