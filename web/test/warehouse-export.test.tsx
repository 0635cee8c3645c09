import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBytes, useExport } from '../src/components/warehouse/use-export.tsx';
import { renderWith } from './fake-api.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A download the test feeds chunk by chunk, as a server streaming an export does. */
function streamingServer() {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const requests: { url: string; signal: AbortSignal }[] = [];
  const body = new ReadableStream<Uint8Array>({ start: (c) => (feed = c) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, signal: init.signal as AbortSignal });
      return new Response(body, { headers: { 'content-type': 'application/vnd.ms-excel' } });
    }),
  );
  return { requests, send: (bytes: number) => feed.enqueue(new Uint8Array(bytes)), end: () => feed.close() };
}

function Exporter() {
  const exporter = useExport();
  return (
    <>
      <Button onClick={() => exporter.start('/warehouse/refuel/refuelDetailExcel', { deviceId: '7' }, 'items.xlsx')}>
        export
      </Button>
      {exporter.element}
    </>
  );
}

describe('the export of a streamed file', () => {
  it('shows the bytes received while the file arrives, then saves it under its name', async () => {
    const server = streamingServer();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWith(<Exporter />);
    await userEvent.click(screen.getByRole('button', { name: 'export' }));
    expect(await screen.findByText('已接收 0 B')).toBeTruthy();
    expect(server.requests[0]?.url).toBe('/api/warehouse/refuel/refuelDetailExcel?deviceId=7');
    await act(async () => server.send(1000));
    expect(await screen.findByText('已接收 1000 B')).toBeTruthy();
    await act(async () => server.send(2048));
    expect(await screen.findByText('已接收 3.0 KB')).toBeTruthy();
    await act(async () => server.end());
    await waitFor(() => expect(saved).toEqual(['items.xlsx']));
    expect(await screen.findByText('导出完成')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/已接收/)).toBeNull());
  });

  it('stops the download when asked, and saves nothing', async () => {
    const server = streamingServer();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    renderWith(<Exporter />);
    await userEvent.click(screen.getByRole('button', { name: 'export' }));
    await act(async () => server.send(10));
    await screen.findByText('已接收 10 B');
    await userEvent.click(screen.getByRole('button', { name: /停\s*止/ }));
    expect(server.requests[0]?.signal.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByText(/已接收/)).toBeNull());
    expect(click).not.toHaveBeenCalled();
  });

  it('writes sizes as a person reads them', () => {
    expect([formatBytes(512), formatBytes(1536), formatBytes(5 * 1024 * 1024)]).toEqual(['512 B', '1.5 KB', '5.0 MB']);
  });
});
