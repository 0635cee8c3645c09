import { WorkListPage } from '../../../components/flow/WorkListPage.tsx';

/** /work/todo, 待办事务: steps assigned to the caller. */
export default function WorkTodoPage() {
  return <WorkListPage kind="todo" />;
}
