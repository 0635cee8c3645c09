import { WorkListPage } from '../../../components/flow/WorkListPage.tsx';

/** /work/claim, 待签事务: steps the caller may claim. */
export default function WorkClaimPage() {
  return <WorkListPage kind="claim" />;
}
