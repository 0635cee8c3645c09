import { WorkListPage } from '../../../components/flow/WorkListPage.tsx';

/** /work/done, 办结事务: steps the caller finished. */
export default function WorkDonePage() {
  return <WorkListPage kind="done" />;
}
