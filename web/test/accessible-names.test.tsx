import { SearchOutlined } from '@ant-design/icons';
import { render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider, Input, InputNumber, Pagination, Tabs } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it } from 'vitest';
import { namesFollowLanguage } from '../src/app/accessible-names.ts';
import { i18n } from '../src/app/i18n.ts';

const translate = (key: string, values: Record<string, string>) => i18n.t(key, values);

describe('names a screen reader reads follow the language', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('hides antd’s English icon names, keeps ours, and names icon-only controls in the language', async () => {
    await i18n.changeLanguage('zh');
    render(
      <ConfigProvider locale={zhCN}>
        <Button icon={<SearchOutlined />}>搜索</Button>
        <SearchOutlined aria-label="查找" />
        <Input allowClear defaultValue="x" />
        <Pagination total={50} />
      </ConfigProvider>,
    );
    stop = namesFollowLanguage(translate);
    await waitFor(() => expect(screen.queryAllByRole('img')).toHaveLength(1));
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('查找');
    expect(screen.getByRole('button', { name: '搜索' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '清除' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '上一页' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下一页' })).toBeTruthy();
  });

  it('names the number input’s steppers in the language (antd names them in English)', async () => {
    await i18n.changeLanguage('zh');
    render(
      <ConfigProvider locale={zhCN}>
        <InputNumber defaultValue={2} />
      </ConfigProvider>,
    );
    stop = namesFollowLanguage(translate);
    expect(screen.getByRole('button', { name: '增加数值' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '减少数值' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Value/ })).toBeNull();
  });

  it('says a focused tab’s place in the language', async () => {
    await i18n.changeLanguage('zh');
    stop = namesFollowLanguage(translate);
    render(
      <Tabs
        items={[
          { key: 'a', label: '首页' },
          { key: 'b', label: '用户管理' },
        ]}
      />,
    );
    screen.getByRole('tab', { name: '用户管理' }).focus();
    await waitFor(() =>
      expect(document.querySelector('[role="tab"] [aria-live]')?.textContent).toBe('第 2 个标签，共 2 个'),
    );
  });
});
