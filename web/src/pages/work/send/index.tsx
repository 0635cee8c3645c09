import { WorkListPage } from '../../../components/flow/WorkListPage.tsx';

/** /work/send, 已发事务: processes the caller started. */
export default function WorkSendPage() {
  return <WorkListPage kind="send" />;
}
