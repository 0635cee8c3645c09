import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../src/app/i18n.ts';
import { RichTextEditor } from '../src/components/rich-text/RichTextEditor.tsx';
import { DashboardPage } from '../src/pages/dashboard/DashboardPage.tsx';
import LatestNotices from '../src/pages/wel/LatestNotices.tsx';
import { fakeApi, renderWith } from './fake-api.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

const notice = (id: string, title: string, content: string) => ({
  id,
  title,
  category: 1,
  categoryName: '发布通知',
  releaseTime: '2026-11-20T09:30:00+08:00',
  content,
});

describe("the home page's latest notices", () => {
  it('lists the newest released notices and opens one with its rich text', async () => {
    const calls = fakeApi({
      '/api/blade-desk/notice/top': {
        records: [notice('1', '年终盘点', '<p>周五<strong>盘点</strong></p>'), notice('2', '放假', 'a &lt; b')],
      },
    });
    renderWith(<LatestNotices />);
    const title = await screen.findByRole('button', { name: '年终盘点' });
    expect(calls[0]).toMatchObject({ path: '/api/blade-desk/notice/top', query: { current: '1', size: '5' } });
    expect(screen.queryByRole('region', { name: '年终盘点' })).toBeNull();
    await userEvent.click(title);
    expect(title.getAttribute('aria-expanded')).toBe('true');
    const content = screen.getByRole('region', { name: '年终盘点' });
    expect(within(content).getByText('盘点').tagName).toBe('STRONG');
    expect(screen.getAllByText('发布通知')).toHaveLength(2);
    await userEvent.click(title);
    expect(screen.queryByRole('region', { name: '年终盘点' })).toBeNull();
  });

  it('says so when there is none, in English too', async () => {
    await i18n.changeLanguage('en');
    fakeApi({ '/api/blade-desk/notice/top': { records: [] } });
    renderWith(<LatestNotices />);
    expect(await screen.findByText('No notices yet')).toBeTruthy();
    expect(screen.getByText('Latest notices')).toBeTruthy();
  });
});

describe('the rich-text editor', () => {
  it('hands what is typed to the form as HTML, an emptied editor as nothing', () => {
    const onChange = vi.fn();
    renderWith(<RichTextEditor id="content" value="" onChange={onChange} label="通知内容" />);
    const box = screen.getByRole('textbox', { name: '通知内容' });
    box.innerHTML = '<p>hello <b>all</b></p>';
    fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith('<p>hello <b>all</b></p>');
    box.innerHTML = '<br>';
    fireEvent.input(box);
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: '加粗' })).toBeTruthy();
  });

  it('shows the text as it will be read when the form is a view', () => {
    renderWith(<RichTextEditor id="content" value="<p>read <em>me</em></p>" disabled label="通知内容" />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('me').tagName).toBe('EM');
  });
});

describe('the dashboard', () => {
  const figures = {
    days: ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'],
    users: { total: 42, signedInWeek: 7 },
    apiCalls: null,
    errors: null,
    warehouse: {
      stockValue: '1234.5',
      belowSafetyStock: 3,
      todayInQuantity: '0',
      todayOutQuantity: '2',
      untreatedNotices: 1,
    },
  };

  it("shows the tenant's figures the server answers, and nothing of the parts it leaves out", async () => {
    fakeApi({ '/api/blade-desk/dashboard/figures': figures });
    renderWith(<DashboardPage />);
    expect(await screen.findByText('用户总数')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('近7天登录用户')).toBeTruthy();
    expect(screen.getByText('仓储关键指标')).toBeTruthy();
    expect(screen.getByText('低于安全库存')).toBeTruthy();
    expect(screen.queryByText('今日错误')).toBeNull();
  });

  it('says when the caller may read none of them', async () => {
    await i18n.changeLanguage('en');
    fakeApi({ '/api/blade-desk/dashboard/figures': { ...figures, users: null, warehouse: null } });
    renderWith(<DashboardPage />);
    await waitFor(() => expect(screen.getByText(/Your roles may read none of these figures/)).toBeTruthy());
  });
});
