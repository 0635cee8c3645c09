import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkListPage } from '../src/components/flow/WorkListPage.tsx';
import type { WorkKind } from '../src/components/flow/work-lists.tsx';
import { fakeApi, renderWith } from './fake-api.tsx';

afterEach(() => vi.unstubAllGlobals());

const FLOW_DICT = [
  { dictKey: '1', dictValue: '请假流程', remark: 'leave' },
  { dictKey: '2', dictValue: '报销流程', remark: 'expense' },
];
const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const step = (taskId: string, over: Record<string, unknown>) => ({
  taskId,
  taskName: '审批',
  processInstanceId: `i${taskId}`,
  processDefinitionName: `流程${taskId}`,
  processDefinitionVersion: 1,
  createTime: '2026-11-20T09:00:00.000Z',
  ...over,
});

/** A work list in a router, with the page a row action goes to. */
function renderList(kind: WorkKind, answers: Record<string, unknown>, codes: string[]) {
  const calls = fakeApi({ '/api/blade-system/dict/dictionary': FLOW_DICT, ...answers });
  const router = createMemoryRouter(
    [
      { path: `/work/${kind}`, element: <WorkListPage kind={kind} /> },
      { path: '*', element: <p>went</p> },
    ],
    { initialEntries: [`/work/${kind}`] },
  );
  renderWith(<RouterProvider router={router} />, codes);
  return { calls, router };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
// a list read again covers its rows with antd's loading layer for a moment
const user = userEvent.setup({ pointerEventsCheck: 0 });

describe('the work lists', () => {
  it('open the page of the kind of record a step is about, else of its category; a kind without one says so', async () => {
    const { router } = renderList(
      'todo',
      {
        '/api/blade-flow/work/todo-list': page([
          step('1', { category: 'flow_2', businessTable: 'wh_delivery', businessId: 'd1' }),
          step('2', { category: 'flow_1', businessId: 'l2' }),
          step('3', { category: 'flow_2', businessId: 'x3' }),
        ]),
      },
      ['work_todo_handle', 'work_todo_detail'],
    );
    // rows are keyed by their task: three rows, not one
    await rowOf('流程3');
    expect(screen.getAllByRole('button', { name: /办\s*理/ })).toHaveLength(3);

    await user.click(within(await rowOf('流程1')).getByRole('button', { name: /办\s*理/ }));
    expect(router.state.location.pathname).toBe('/work/process/delivery/handle/1/i1/d1');
    await router.navigate('/work/todo');
    await user.click(within(await rowOf('流程2')).getByRole('button', { name: /详\s*情/ }));
    expect(router.state.location.pathname).toBe('/work/process/leave/detail/i2/l2');
    await router.navigate('/work/todo');
    // an expense has no pages here
    await user.click(within(await rowOf('流程3')).getByRole('button', { name: /办\s*理/ }));
    expect(await screen.findByText('此类流程没有办理页面')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/work/todo');
  });

  it('filter by the steps’ creation days as beginDate and endDate, the last day included', async () => {
    const { calls } = renderList('done', { '/api/blade-flow/work/done-list': page([]) }, []);
    // antd's own words: the test renders without the app's locale provider
    const start = await screen.findByPlaceholderText('Start date');
    await user.click(start);
    await user.type(start, '2026-11-01{Enter}');
    const end = screen.getByPlaceholderText('End date');
    await user.type(end, '2026-11-30{Enter}');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/blade-flow/work/done-list').at(-1)?.query).toMatchObject({
        beginDate: '2026-11-01',
        endDate: '2026-12-01',
      }),
    );
  });

  it('start a process through its form, only while it is active; no diagram button without work_start_image', async () => {
    const { router } = renderList(
      'start',
      {
        '/api/blade-flow/work/start-list': page([
          { id: 'Leave:1:7', name: '请假', key: 'Leave', category: 'flow_1', version: 1, suspensionState: 1 },
          { id: 'Old:1:8', name: '旧流程', key: 'Old', category: 'flow_1', version: 1, suspensionState: 2 },
        ]),
      },
      ['work_start_flow'],
    );
    expect(within(await rowOf('旧流程')).queryByRole('button', { name: /发\s*起/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '流程图' })).toBeNull(); // no work_start_image
    await user.click(within(await rowOf('请假')).getByRole('button', { name: /发\s*起/ }));
    expect(router.state.location.pathname).toBe('/work/process/leave/form/Leave%3A1%3A7');
  });
});
