import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPage, mayOpen, routeInfo } from '../src/app/pages.tsx';
import { subPath, subRoute } from '../src/app/sub-routes.ts';
import ReportListScreen from '../src/pages/report/reportlist/index.tsx';
import { ReportViewer } from '../src/pages/report/reportlist/ReportViewer.tsx';
import { fakeApi, menuEntry, renderWith } from './fake-api.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const API = '/api/blade-report/report/rest';
const ALL = ['report_list_add', 'report_list_design', 'report_list_view', 'report_list_copy', 'report_list_delete'];

describe('the pages of a report (app/sub-routes.ts)', () => {
  it('read the screen and the id from the path', () => {
    expect(subRoute('/report/reportlist/design/new')).toEqual({
      parent: '/report/reportlist',
      screen: 'design',
      id: 'new',
      label: 'reportList.design.title',
    });
    expect(subRoute(subPath('/report/reportlist', 'view', 'a/b'))?.id).toBe('a/b');
    for (const path of [
      '/report/reportlist',
      '/report/reportlist/design/',
      '/report/reportlist/edit/1',
      '/report/reportlist/constructor/1',
      '/system/user/view/1',
      '/report/reportlist/view/%E0',
    ])
      expect(subRoute(path), path).toBeUndefined();
  });

  it('open to those whose menu holds the list, under their own tab label', () => {
    const path = '/report/reportlist/view/9';
    expect(isPage(path)).toBe(true);
    const menu = [menuEntry('/report', [menuEntry('/report/reportlist')])];
    expect(mayOpen(path, menu)).toBe(true);
    expect(mayOpen(path, [menuEntry('/system/user')])).toBe(false);
    expect(routeInfo(path, menu)?.label).toBe('reportList.view.title');
  });
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
const listAt = (path: string, permissions: string[]) =>
  renderWith(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<ReportListScreen />} />
      </Routes>
      <Where />
    </MemoryRouter>,
    permissions,
  );
const page = {
  records: [{ id: '5', name: '月报', createTime: '2026-01-02 08:00:00' }],
  total: 1,
  size: 10,
  current: 1,
};

describe('the report list (/report/reportlist)', () => {
  it('offers each action by its button code, and design opens the designer of the row', async () => {
    fakeApi({ [`${API}/list`]: page });
    listAt('/report/reportlist', ALL);
    const row = (await screen.findByText('月报')).closest('tr') as HTMLElement;
    for (const name of [/^设\s*计$/, /^预\s*览$/, /^复\s*制$/, /^删\s*除$/])
      expect(within(row).getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^新\s*增$/ })).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: /^设\s*计$/ }));
    expect(screen.getByTestId('where').textContent).toBe('/report/reportlist/design/5');
  });

  it('shows a viewer only what it may do: preview', async () => {
    fakeApi({ [`${API}/list`]: page });
    listAt('/report/reportlist', ['report_list_view']);
    const row = (await screen.findByText('月报')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['预览']);
    expect(screen.queryByRole('button', { name: /^新\s*增$/ })).toBeNull();
  });
});

const report = {
  id: '7',
  name: '月报',
  template: {
    version: 1,
    sheet: { rows: 1, cols: 1, cells: [], merges: [] },
    datasets: [],
    params: [
      { name: 'from', label: '开始日期', type: 'date', required: true, default: '2026-01-01' },
      { name: 'who', label: '经办人', type: 'text', required: true },
      { name: 'n', label: '数量', type: 'number', required: false },
    ],
  },
};
const grid = {
  rows: 1,
  cols: 2,
  cells: [{ row: 0, col: 0, text: '自 2026-01-01' }],
  merges: [],
  colWidths: [100, 100],
  truncated: false,
};

describe('the report viewer (/report/reportlist/view/{id})', () => {
  it('asks for a required parameter by its label before it previews', async () => {
    const calls = fakeApi({ [`${API}/detail`]: report, [`${API}/preview`]: grid });
    renderWith(<ReportViewer id="7" />, ALL);
    await userEvent.click(await screen.findByRole('button', { name: /^预\s*览$/ }));
    expect(await screen.findByText('请填写经办人')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/preview'))).toBe(false);
    expect((screen.getByLabelText('开始日期') as HTMLInputElement).value).toBe('2026-01-01');
  });

  it('previews with the parameters’ values, and exports the same as a file under the report’s name', async () => {
    const calls = fakeApi({
      [`${API}/detail`]: report,
      [`${API}/preview`]: grid,
      [`${API}/export`]: 'file',
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWith(<ReportViewer id="7" />, ALL);
    await userEvent.type(await screen.findByLabelText('经办人'), '张三');
    await userEvent.click(screen.getByRole('button', { name: /^预\s*览$/ }));
    expect(await screen.findByRole('cell', { name: '自 2026-01-01' })).toBeTruthy();
    const preview = calls.find((c) => c.path.endsWith('/preview'));
    expect(preview?.body).toEqual({ id: '7', params: { from: '2026-01-01', who: '张三' } });

    await userEvent.click(screen.getByRole('button', { name: '导出 PDF' }));
    await waitFor(() => expect(saved).toEqual(['月报.pdf']));
    const exported = calls.find((c) => c.path.endsWith('/export'));
    expect(exported?.query).toEqual({ id: '7', format: 'pdf', params: '{"from":"2026-01-01","who":"张三"}' });
  });
});
