import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../src/api/http.ts';
import { i18n } from '../src/app/i18n.ts';
import { useMenu } from '../src/app/menu-store.ts';
import { queryClient } from '../src/app/query-client.ts';
import { CrudPage } from '../src/components/crud/CrudPage.tsx';
import { fromFormValues, toFormValues } from '../src/components/crud/form-values.ts';
import type { CrudResource } from '../src/components/crud/types.ts';

const resource: CrudResource = {
  api: '/blade-system/post',
  permissions: 'post',
  fields: [
    { name: 'category', label: 'post.category', type: 'select', options: { dict: 'post_category' }, search: true },
    { name: 'postCode', label: 'post.postCode', search: true, required: true, sortable: true },
    { name: 'postName', label: 'post.postName', required: true },
  ],
};

const rows = Array.from({ length: 3 }, (_, i) => ({
  id: `${i + 1}`,
  category: 1,
  postCode: `p${i}`,
  postName: `岗位${i}`,
}));
const envelope = (data: unknown, code = 200, msg = 'ok') =>
  new Response(JSON.stringify({ code, success: code === 200, data, msg }), { status: code });

let answers: Record<string, (url: URL, init?: RequestInit) => Response>;
const fetch = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://x');
  const answer = answers[url.pathname];
  return answer ? answer(url, init) : envelope(null);
});
const calls = (path: string) =>
  fetch.mock.calls.map(([u, init]) => ({ url: new URL(u, 'http://x'), init })).filter((c) => c.url.pathname === path);

function renderPage(codes: string[], overrides: Partial<CrudResource> = {}) {
  useMenu.setState({ permissions: Object.fromEntries(codes.map((c) => [c, true as const])) });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <CrudPage resource={{ ...resource, ...overrides }} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  answers = {
    '/api/blade-system/post/page': () => envelope({ records: rows, total: 45, size: 10, current: 1, pages: 5 }),
    '/api/blade-system/dict/dictionary': () => envelope([{ dictKey: '1', dictValue: '高层' }]),
    '/api/blade-system/post/detail': (url) => envelope(rows.find((r) => r.id === url.searchParams.get('id'))),
  };
  fetch.mockClear();
  vi.stubGlobal('fetch', fetch);
  configureHttp({ token: () => 't' });
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the CRUD page', () => {
  it('pages on the server, 10 rows first, and numbers the rows', async () => {
    renderPage(['post_view']);
    expect(await screen.findByText('岗位2')).toBeTruthy();
    expect(Object.fromEntries(calls('/api/blade-system/post/page')[0]!.url.searchParams)).toEqual({
      current: '1',
      size: '10',
    });
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(await screen.findAllByText('高层')).toHaveLength(3);
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    // only viewing: no selection boxes, the index is the first cell
    expect(cells).toEqual(['1', '2', '3']);
  });

  it('shows a capped total as "10,000+" in both languages, and still offers the next pages', async () => {
    answers['/api/blade-system/post/page'] = () =>
      envelope({ records: rows, total: 10_000, size: 10, current: 1, pages: 1000, totalCapped: true });
    renderPage([]);
    expect(await screen.findByText('共 10,000+ 条')).toBeTruthy();
    expect(screen.getByTitle('1000')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('10,000+ records')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByText('共 10,000+ 条')).toBeTruthy();
  });

  it('says which tenant databases a list of every tenant lacks, in both languages', async () => {
    answers['/api/blade-system/post/page'] = () =>
      envelope({ records: rows, total: 3, size: 10, current: 1, pages: 1, unavailable: ['second'] });
    renderPage([]);
    expect(await screen.findByText('数据库 second 暂不可用,其租户的数据未列出')).toBeTruthy();
    expect(screen.getByText('岗位2')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(
      await screen.findByText("The database second is unavailable: its tenants' rows are not listed"),
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
  });

  it('offers the page sizes 10, 30, 50, 100 and 200', async () => {
    renderPage([]);
    await screen.findByText('岗位2');
    const sizeChanger = document.querySelector('.ant-pagination-options .ant-select');
    fireEvent.mouseDown(sizeChanger?.querySelector('input') ?? (sizeChanger as Element));
    // without a ConfigProvider antd speaks English here: "10 / page"
    for (const size of [30, 50, 100, 200]) expect(await screen.findByTitle(`${size} / page`)).toBeTruthy();
    expect(screen.getAllByTitle('10 / page').length).toBeGreaterThan(0);
  });

  it('sends the search fields and sorting as BladeX filters', async () => {
    const user = userEvent.setup();
    renderPage([]);
    await screen.findByText('岗位2');
    await user.type(screen.getByLabelText('岗位编号', { selector: 'form#crud-search input' }), 'ceo');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(calls('/api/blade-system/post/page').at(-1)?.url.searchParams.get('postCode')).toBe('ceo'),
    );
    await user.click(screen.getByText('岗位编号', { selector: 'th *' }));
    await waitFor(() =>
      expect(calls('/api/blade-system/post/page').at(-1)?.url.searchParams.get('ascs')).toBe('postCode'),
    );
  });

  it('shows each button only with its permission code', async () => {
    renderPage(['post_view']);
    await screen.findByText('岗位2');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /编\s*辑/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(3);
  });

  it('has no view button when the resource says so, even with the code', async () => {
    renderPage(['post_view', 'post_edit'], { view: false });
    await screen.findByText('岗位2');
    expect(screen.queryAllByRole('button', { name: /查\s*看/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /编\s*辑/ })).toHaveLength(3);
  });

  it('warns when deleting with nothing selected, and deletes the selection after the confirm', async () => {
    answers['/api/blade-system/post/remove'] = () => envelope(null);
    const user = userEvent.setup();
    renderPage(['post_delete']);
    await screen.findByText('岗位2');
    // the toolbar's delete comes first, before the rows' own
    await user.click(screen.getAllByRole('button', { name: /^删\s*除$/ })[0]!);
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(calls('/api/blade-system/post/remove')).toHaveLength(0);
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[3]!);
    await user.click(screen.getAllByRole('button', { name: /^删\s*除$/ })[0]!);
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('/api/blade-system/post/remove')).toHaveLength(1));
    expect(calls('/api/blade-system/post/remove')[0]?.url.searchParams.get('ids')).toBe('1,3');
  });

  it('asks for required fields, places the server’s field messages, and is not closed by a click outside', async () => {
    answers['/api/blade-system/post/submit'] = () =>
      envelope([{ field: 'postCode', message: '岗位编号 ceo 已存在' }], 409, '岗位编号 ceo 已存在');
    const user = userEvent.setup();
    renderPage(['post_add']);
    await screen.findByText('岗位2');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请输入岗位编号')).toBeTruthy();
    expect(calls('/api/blade-system/post/submit')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('岗位编号'), 'ceo');
    await user.type(within(dialog).getByLabelText('岗位名称'), '首席');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('岗位编号 ceo 已存在')).toBeTruthy();
    expect(JSON.parse(String(calls('/api/blade-system/post/submit')[0]?.init?.body))).toMatchObject({
      postCode: 'ceo',
      postName: '首席',
    });
    const wrap = document.querySelector('.ant-modal-wrap');
    if (wrap) fireEvent.click(wrap);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('stops each text input at the server’s length, and names a server problem by its label', async () => {
    const showError = vi.fn();
    configureHttp({ token: () => 't', showError });
    const tooLong = 'postName: 长度不能超过 64';
    answers['/api/blade-system/post/submit'] = () => envelope([{ field: 'postName', message: tooLong }], 400, tooLong);
    const user = userEvent.setup();
    renderPage(['post_add'], {
      fields: [
        { name: 'postCode', label: 'post.postCode', max: 12 },
        { name: 'postName', label: 'post.postName' },
      ],
    });
    await screen.findByText('岗位2');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('岗位编号').getAttribute('maxlength')).toBe('12');
    await user.type(within(dialog).getByLabelText('岗位名称'), '首席');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('岗位名称: 长度不能超过 64'));
    // under its own label the message does not name the field again
    expect(await within(dialog).findByText('长度不能超过 64')).toBeTruthy();
  });

  it('says a shown message again in the new language, and still saves after', async () => {
    answers['/api/blade-system/post/submit'] = () => envelope(null);
    const user = userEvent.setup();
    renderPage(['post_add']);
    await screen.findByText('岗位2');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请输入岗位编号')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(await within(dialog).findByText('Please enter post code')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
    expect(await within(dialog).findByText('请输入岗位编号')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('岗位编号'), 'p9');
    await user.type(within(dialog).getByLabelText('岗位名称'), '九');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls('/api/blade-system/post/submit')).toHaveLength(1));
  });

  it('opens an edit with the record’s detail and submits its id', async () => {
    answers['/api/blade-system/post/submit'] = () => envelope(null);
    const user = userEvent.setup();
    renderPage(['post_edit']);
    await screen.findByText('岗位2');
    await user.click(screen.getAllByRole('button', { name: /编\s*辑/ })[1]!);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('岗位名称')).toHaveProperty('value', '岗位1'));
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls('/api/blade-system/post/submit')).toHaveLength(1));
    expect(JSON.parse(String(calls('/api/blade-system/post/submit')[0]?.init?.body))).toMatchObject({
      id: '2',
      postCode: 'p1',
    });
    expect(await screen.findByText('修改成功')).toBeTruthy();
  });
});

describe('form values', () => {
  const fields = [
    { name: 'roleId', label: 'x', type: 'tree-select' as const, multiple: true },
    { name: 'sex', label: 'x', type: 'select' as const },
    { name: 'secret', label: 'x', type: 'password' as const, keepOnEdit: true },
  ];
  it('splits lists and turns keys into text for the form, and joins them back for submit', () => {
    const form = toFormValues(fields, { roleId: '1,2', sex: 1 });
    expect(form).toMatchObject({ roleId: ['1', '2'], sex: '1' });
    expect(fromFormValues(fields, form)).toMatchObject({ roleId: '1,2', sex: '1' });
  });
  it('leaves out an empty write-only secret, so the stored one stays', () => {
    expect(fromFormValues(fields, { secret: '', sex: '2' })).toEqual({ sex: '2' });
  });
});
