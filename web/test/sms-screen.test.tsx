import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SmsPage from '../src/pages/resource/sms/index.tsx';
import { paramsProblem, phonesProblem } from '../src/pages/resource/sms/phone-rules.ts';
import { SendTestDialog } from '../src/pages/resource/sms/SendTestDialog.tsx';
import { fakeApi, Refusal, renderWith } from './fake-api.tsx';

afterEach(() => vi.unstubAllGlobals());

const rows = [
  { id: '1', category: 3, smsCode: 'ali', templateId: 'SMS_1', signName: '云仓', status: 2 },
  { id: '2', category: 4, smsCode: 'tx', templateId: '1400', signName: '云仓', status: 1 },
];
const answers = {
  '/api/blade-resource/sms/page': { records: rows, total: 2, size: 10, current: 1, pages: 1 },
  '/api/blade-resource/sms/list': (call: { query: Record<string, string> }) => ({
    records: rows.filter((r) => String(r.status) === call.query.status),
  }),
  '/api/blade-system/dict/dictionary': [
    { dictKey: '3', dictValue: '阿里云' },
    { dictKey: '4', dictValue: '腾讯云' },
  ],
  '/api/blade-resource/sms/enable': null,
};

describe('the phone and parameter checks (spec §5)', () => {
  it('says the first rule a list breaks', () => {
    expect(phonesProblem('')).toBe('sms.phoneRequired');
    expect(phonesProblem(' , ')).toBe('sms.phoneRequired');
    expect(phonesProblem('13800138000,1380013800')).toBe('sms.phoneLength');
    expect(phonesProblem('23800138000')).toBe('sms.phoneFormat');
    expect(phonesProblem('13800138000, 13900139000')).toBeNull();
    expect(paramsProblem('')).toBeNull();
    expect(paramsProblem('{"code":"1234","n":5}')).toBeNull();
    expect(paramsProblem('[1]')).toBe('sms.paramsFormat');
    expect(paramsProblem('{"a":{"b":1}}')).toBe('sms.paramsFormat');
    expect(paramsProblem('{code:1')).toBe('sms.paramsFormat');
  });
});

describe('the SMS configuration screen', () => {
  it('marks the enabled configuration and names it above the table', async () => {
    fakeApi(answers);
    renderWith(<SmsPage />, ['sms_add', 'sms_enable', 'sms_send']);
    expect(await screen.findByText('当前启用：ali（阿里云）')).toBeTruthy();
    const enabledRow = (await screen.findByText('ali')).closest('tr')!;
    expect(within(enabledRow).getByText('已启用')).toBeTruthy();
    // the enabled one offers no enable
    expect(within(enabledRow).queryByText('启用')).toBeNull();
    expect(within(screen.getByText('tx').closest('tr')!).getByText('未启用')).toBeTruthy();
  });

  it('enables another after a confirm, and reads the list again', async () => {
    const calls = fakeApi(answers);
    renderWith(<SmsPage />, ['sms_enable']);
    const row = (await screen.findByText('tx')).closest('tr')!;
    await userEvent.click(within(row).getByText('启用'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/enable'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/enable'))).toMatchObject({ method: 'POST', query: { id: '2' } });
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/page')).length).toBeGreaterThan(1));
  });

  it('says so when the enabled configuration is removed', async () => {
    let live = rows;
    fakeApi({
      ...answers,
      '/api/blade-resource/sms/page': () => ({ records: live, total: live.length, size: 10, current: 1, pages: 1 }),
      '/api/blade-resource/sms/list': (call: { query: Record<string, string> }) => ({
        records: live.filter((r) => String(r.status) === call.query.status),
      }),
      '/api/blade-resource/sms/remove': (call: { query: Record<string, string> }) => {
        live = live.filter((r) => r.id !== call.query.ids);
        return null;
      },
    });
    renderWith(<SmsPage />, ['sms_delete']);
    await screen.findByText('当前启用：ali（阿里云）');
    await userEvent.click(within((await screen.findByText('ali')).closest('tr')!).getByText(/删\s*除/));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('尚未启用短信配置，发送时须指定资源编号')).toBeTruthy();
  });

  it('offers enable and send only with their buttons', async () => {
    fakeApi(answers);
    renderWith(<SmsPage />, []);
    const row = (await screen.findByText('tx')).closest('tr')!;
    expect(within(row).queryByText('启用')).toBeNull();
    expect(within(row).queryByText('发送调试')).toBeNull();
  });
});

describe('the send-test dialog', () => {
  it('checks the numbers before anything is sent', async () => {
    const calls = fakeApi({ '/api/blade-resource/sms/endpoint/send-message': null });
    renderWith(<SendTestDialog config={rows[0]!} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('手机号码'), '2380013800');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('手机号码长度不为11位')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('手机号码'), '0');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('手机号码格式不正确')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("sends the configuration's code, the numbers and the parameters, and says it went", async () => {
    const calls = fakeApi({ '/api/blade-resource/sms/endpoint/send-message': null });
    const onClose = vi.fn();
    renderWith(<SendTestDialog config={rows[0]!} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('手机号码'), '13800138000，13900139000');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('短信发送成功')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      query: { code: 'ali', phones: '13800138000,13900139000', params: '{"code":"1234"}' },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("stays open on the provider's refusal", async () => {
    fakeApi({
      '/api/blade-resource/sms/endpoint/send-message': new Refusal(400, 'sms.failed', '短信发送失败：短信模板不存在'),
    });
    const onClose = vi.fn();
    renderWith(<SendTestDialog config={rows[0]!} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('手机号码'), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /提\s*交/ })).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
  });
});
