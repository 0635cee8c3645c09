import { WorkListPage } from '../../../components/flow/WorkListPage.tsx';

/** /work/start, 发起事务: the latest definitions, started through their form. */
export default function WorkStartPage() {
  return <WorkListPage kind="start" />;
}
