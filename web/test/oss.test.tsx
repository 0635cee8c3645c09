import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../src/api/http.ts';
import { i18n } from '../src/app/i18n.ts';
import OssPage from '../src/pages/resource/oss/index.tsx';
import { fakeApi, Refusal, renderWith } from './fake-api.tsx';

const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const minio = {
  id: '11',
  category: 1,
  ossCode: 'minio-a',
  endpoint: 'http://127.0.0.1:9000',
  bucketName: 'photos',
  accessKey: 'AK',
  region: 'us-east-1',
  status: 2,
};
const ali = {
  ...minio,
  id: '12',
  category: 3,
  ossCode: 'ali-b',
  endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
  status: 1,
};
const disk = { id: '13', category: 5, ossCode: 'disk', status: 1 };
const OSS_DICT = [
  { dictKey: '1', dictValue: 'minio' },
  { dictKey: '3', dictValue: '阿里云' },
  { dictKey: '5', dictValue: '本地磁盘' },
];
const ALL = ['oss_add', 'oss_edit', 'oss_delete', 'oss_view', 'oss_enable'];

afterEach(async () => {
  vi.unstubAllGlobals();
  configureHttp({ showError: () => {} });
  await i18n.changeLanguage('zh-CN');
});

const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr') as HTMLElement;

describe('the object storage screen (/resource/oss)', () => {
  it('shows which configuration is in use, and offers enable on the others only', async () => {
    fakeApi({
      '/api/blade-resource/oss/page': page([minio, ali, disk]),
      '/api/blade-system/dict/dictionary': OSS_DICT,
    });
    renderWith(<OssPage />, ALL);
    const inUse = await rowOf('minio-a');
    expect(within(inUse).getByText('已启用')).toBeTruthy();
    expect(within(inUse).queryByRole('button', { name: /启\s*用/ })).toBeNull();
    const other = await rowOf('ali-b');
    expect(within(other).getByText('未启用')).toBeTruthy();
    expect(within(other).getByRole('button', { name: /启\s*用/ })).toBeTruthy();
    // The local disk has no connection to test.
    expect(within(await rowOf('disk')).queryByRole('button', { name: '测试连接' })).toBeNull();
    // The secret key is never a column.
    expect(screen.queryByText('secretKey')).toBeNull();
  });

  it('enables a configuration after a confirmation and lists again', async () => {
    const calls = fakeApi({
      '/api/blade-resource/oss/page': page([minio, ali]),
      '/api/blade-system/dict/dictionary': OSS_DICT,
      '/api/blade-resource/oss/enable': null,
    });
    renderWith(<OssPage />, ALL);
    await userEvent.click(within(await rowOf('ali-b')).getByRole('button', { name: /启\s*用/ }));
    expect(await screen.findByText(/启用 ali-b 后，新上传的文件将存入该存储/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/blade-resource/oss/enable')).toBe(true));
    expect(calls.find((c) => c.path === '/api/blade-resource/oss/enable')).toMatchObject({
      method: 'POST',
      query: { id: '12' },
    });
    expect(await screen.findByText('已启用 ali-b')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/blade-resource/oss/page').length).toBe(2));
  });

  it('tests a saved configuration with its fields (the server adds the secret) and shows what failed', async () => {
    await i18n.changeLanguage('en-US');
    const calls = fakeApi({
      '/api/blade-resource/oss/page': page([minio]),
      '/api/blade-system/dict/dictionary': OSS_DICT,
      '/api/blade-resource/oss/test': new Refusal(400, 'oss.test.bucket', 'The bucket photos does not exist'),
    });
    const shown: string[] = [];
    configureHttp({ showError: (text) => void shown.push(text) });
    renderWith(<OssPage />, ALL);
    await userEvent.click(within(await rowOf('minio-a')).getByRole('button', { name: 'Test connection' }));
    // Shown by the client's one error path, as every refusal is.
    await waitFor(() => expect(shown).toEqual(['The bucket photos does not exist']));
    const test = calls.find((c) => c.path === '/api/blade-resource/oss/test');
    expect(test).toMatchObject({ method: 'POST' });
    expect(test?.body).toEqual({
      id: '11',
      category: 1,
      endpoint: 'http://127.0.0.1:9000',
      bucketName: 'photos',
      accessKey: 'AK',
      region: 'us-east-1',
    });
  });

  it('offers neither enable nor test without their permissions', async () => {
    fakeApi({ '/api/blade-resource/oss/page': page([ali]), '/api/blade-system/dict/dictionary': OSS_DICT });
    renderWith(<OssPage />, ['oss_view']);
    const row = await rowOf('ali-b');
    expect(within(row).queryByRole('button', { name: /启\s*用/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: '测试连接' })).toBeNull();
  });
});
