import { useLocation } from 'react-router';
import { processRoute } from '../../../app/process-routes.ts';
import { useDocumentTitle } from '../../../app/use-document-title.ts';
import { DeliveryApprovalPage } from './delivery/DeliveryApprovalPage.tsx';
import { LeaveDetailPage } from './leave/LeaveDetailPage.tsx';
import { LeaveFormPage } from './leave/LeaveFormPage.tsx';
import { LeaveHandlePage } from './leave/LeaveHandlePage.tsx';

/**
 * The process page at the current path (app/process-routes.ts), its ids read from the path: the
 * layout's routes are one catch-all. Keyed by the path: another request's page starts afresh.
 */
export default function ProcessPage() {
  const { pathname } = useLocation();
  const route = processRoute(pathname);
  useDocumentTitle(route?.label ?? 'leave.form');
  if (!route) return null;
  const [a = '', b = '', c = ''] = route.ids;
  if (route.kind === 'delivery')
    return route.screen === 'handle' ? (
      <DeliveryApprovalPage key={pathname} taskId={a} processInstanceId={b} deliveryId={c} />
    ) : (
      <DeliveryApprovalPage key={pathname} processInstanceId={a} deliveryId={b} />
    );
  if (route.screen === 'form') return <LeaveFormPage key={pathname} processDefinitionId={a} />;
  if (route.screen === 'handle')
    return <LeaveHandlePage key={pathname} taskId={a} processInstanceId={b} businessId={c} />;
  return <LeaveDetailPage key={pathname} processInstanceId={a} businessId={b} />;
}
