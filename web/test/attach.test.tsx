import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, http } from '../src/api/http.ts';
import AttachPage from '../src/pages/resource/attach/index.tsx';
import { fakeApi, renderWith } from './fake-api.tsx';

const PAGE = '/api/blade-resource/attach/page';
const LINK = '/api/blade-resource/oss/endpoint/file/000000/0123456789abcdef0123456789abcdef';
const rows = [
  {
    id: '1',
    originalName: '设备照片.png',
    extension: 'png',
    attachSize: '1536',
    link: `${LINK}.png`,
    createUserName: '管理员',
    createTime: '2026-11-20T08:30:00+00:00',
  },
  {
    id: '2',
    originalName: '报告.pdf',
    extension: 'pdf',
    attachSize: '3145728',
    link: `${LINK}.pdf`,
    createUserName: '管理员',
    createTime: '2026-11-21T08:30:00+00:00',
  },
  {
    id: '3',
    originalName: 'stock.csv',
    extension: 'csv',
    attachSize: '20',
    link: `${LINK}.csv`,
    createUserName: null,
    createTime: '2026-11-22T08:30:00+00:00',
  },
];
const ALL = ['attach', 'attach_upload', 'attach_download', 'attach_delete', 'attach_view'];

/** An XMLHttpRequest that reports the upload in two steps, then answers what `answer` gives. */
function fakeXhr(answer: () => { status: number; body: unknown }) {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  let finish: () => void = () => {};
  class FakeXhr {
    upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    responseType = '';
    status = 0;
    response: ArrayBuffer | null = null;
    private request = { url: '', headers: {} as Record<string, string>, body: null as unknown };
    open(_method: string, url: string) {
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      this.upload.onprogress?.({ loaded: 40, total: 100, lengthComputable: true });
      finish = () => {
        this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
        const { status, body: answered } = answer();
        this.status = status;
        this.response = new TextEncoder().encode(JSON.stringify(answered)).buffer as ArrayBuffer;
        this.onload?.();
      };
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, finish: () => finish() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the /resource/attach screen', () => {
  it('lists each file with its name, readable size, type, link, uploader and time', async () => {
    const calls = fakeApi({ [PAGE]: { records: rows, total: 3, size: 10, current: 1, pages: 1 } });
    renderWith(<AttachPage />, ALL);
    const row = (await screen.findByText('设备照片.png')).closest('tr')!;
    expect(within(row).getByText('1.5 KB')).toBeTruthy();
    expect(within(row).getByText('png')).toBeTruthy();
    expect(within(row).getByText('管理员')).toBeTruthy();
    expect(within(row).getByRole('link').getAttribute('href')).toBe(`${LINK}.png`);
    expect(screen.getByText('3.0 MB')).toBeTruthy();
    for (const header of ['附件名称', '附件类型', '附件大小', '附件地址', '上传人', '上传时间'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    expect(calls.find((c) => c.path === PAGE)?.query).toMatchObject({ current: '1', size: '10' });
  });

  it('offers preview only for images and PDFs, and shows them from their link', async () => {
    fakeApi({ [PAGE]: { records: rows, total: 3, size: 10, current: 1, pages: 1 } });
    renderWith(<AttachPage />, ALL);
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    expect(within(await rowOf('stock.csv')).queryByRole('button', { name: '预览' })).toBeNull();
    await userEvent.click(within(await rowOf('设备照片.png')).getByRole('button', { name: '预览' }));
    const image = await screen.findByRole('img', { name: '设备照片.png' });
    expect(image.getAttribute('src')).toBe(`${LINK}.png`);
    await userEvent.click(screen.getByRole('button', { name: /关\s?闭/ }));
    await userEvent.click(within(await rowOf('报告.pdf')).getByRole('button', { name: '预览' }));
    expect((await screen.findByTitle('报告.pdf')).getAttribute('src')).toBe(`${LINK}.pdf`);
  });

  it('downloads through the link that saves under the original name', async () => {
    fakeApi({ [PAGE]: { records: rows, total: 3, size: 10, current: 1, pages: 1 } });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    renderWith(<AttachPage />, ALL);
    const row = (await screen.findByText('stock.csv')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '下载' }));
    expect(clicked).toEqual([{ href: `${LINK}.csv?download=1`, download: 'stock.csv' }]);
  });

  it('hides upload, download, preview and delete without their codes', async () => {
    fakeApi({ [PAGE]: { records: rows, total: 3, size: 10, current: 1, pages: 1 } });
    renderWith(<AttachPage />, ['attach']);
    await screen.findByText('stock.csv');
    for (const name of ['上传附件', '下载', '预览', '删 除', '删除'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('uploads with a progress bar and the auth header, then lists the file', async () => {
    configureHttp({ token: () => 'tok' });
    let listed = rows.slice(2);
    const calls = fakeApi({
      [PAGE]: () => ({ records: listed, total: listed.length, size: 10, current: 1, pages: 1 }),
    });
    const xhr = fakeXhr(() => {
      listed = rows;
      return { status: 200, body: { code: 200, success: true, data: { attachId: '9' }, msg: '' } };
    });
    const { container } = renderWith(<AttachPage />, ALL);
    await screen.findByText('stock.csv');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'.repeat(100)], '新文件.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('正在上传')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'));
    expect(xhr.sent[0]?.url).toBe('/api/blade-resource/oss/endpoint/put-file-attach');
    expect(xhr.sent[0]?.headers['blade-auth']).toBe('bearer tok');
    expect((xhr.sent[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    const before = calls.filter((c) => c.path === PAGE).length;
    act(() => xhr.finish());
    expect(await screen.findByText('上传成功')).toBeTruthy();
    await screen.findByText('设备照片.png');
    expect(calls.filter((c) => c.path === PAGE).length).toBeGreaterThan(before);
    expect(screen.queryByText('正在上传')).toBeNull();
  });
});

describe('an upload whose connection is lost', () => {
  it('says so with the file’s name (the client shows no message for it)', async () => {
    fakeApi({ [PAGE]: { records: rows, total: 3, size: 10, current: 1, pages: 1 } });
    class LostXhr {
      upload = {};
      onerror?: () => void;
      open() {}
      setRequestHeader() {}
      send() {
        setTimeout(() => this.onerror?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', LostXhr);
    const { container } = renderWith(<AttachPage />, ALL);
    await screen.findByText('stock.csv');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'lost.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('上传失败：连接中断，请重试')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('正在上传')).toBeNull());
  });
});

describe('http with onUploadProgress', () => {
  it('tells the bytes sent, and a refusal goes through the one error path', async () => {
    const showError = vi.fn();
    configureHttp({ showError, language: () => 'en-US' });
    const xhr = fakeXhr(() => ({
      status: 413,
      body: { code: 413, success: false, msg: 'The file is larger than 1 MB' },
    }));
    const progress: number[] = [];
    const call = http({ url: '/x', method: 'POST', data: new FormData(), onUploadProgress: (s) => progress.push(s) });
    xhr.finish();
    await expect(call).rejects.toMatchObject({ code: 413, message: 'The file is larger than 1 MB' });
    expect(progress).toEqual([40, 100]);
    expect(showError).toHaveBeenCalledWith('The file is larger than 1 MB');
    expect(xhr.sent[0]?.headers['accept-language']).toBe('en-US');
  });
});
