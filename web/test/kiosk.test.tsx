import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../src/app/i18n.ts';
import { useSession } from '../src/app/session.ts';
import KioskPage from '../src/pages/kiosk/KioskPage.tsx';
import { keepKioskKey, storedKioskKey } from '../src/pages/kiosk/kiosk-api.ts';
import { type Call, fakeApi, Refusal, renderWith } from './fake-api.tsx';

// The kiosk page against a fake server. jsdom has no camera, so every session goes through the
// "no camera" screen's photo upload, as a kiosk without one does.

const KEY = '000000.42.k'.padEnd(60, 'k');
const DEVICE = { id: '42', code: 'K-1', name: '大厅终端', tenantId: '000000', tenantName: '测试公司' };
const GLOVES = {
  materialCodeId: '7',
  materialCode: 'M-7',
  materialName: '手套',
  unit: 'pair',
  unitName: '双',
  specification: null,
  quantity: '10',
  remainingToday: '3',
  remainingThisMonth: null,
  available: '3',
};
const RECEIPT = {
  id: '900',
  deliveryNo: 'DL202611210001',
  applyTime: '2026-11-21 10:00:00',
  items: [{ id: '1', materialName: '手套', unit: 'pair', unitName: '双', quantity: '2.000' }],
};
type Answers = Parameters<typeof fakeApi>[0];

// The server says how long the ticket has; a kiosk whose clock is years off still counts 2 minutes.
const recognised = () => ({
  person: { id: '5', name: '王五' },
  ticket: 'ticket-1',
  expiresAt: '2001-01-01T00:00:00.000Z',
  expiresIn: 120,
});
const serve = (answers: Answers = {}) =>
  fakeApi({
    '/api/blade-warehouse/device/kiosk': DEVICE,
    '/api/warehouse/face/faceRecognition': recognised,
    '/api/warehouse/face/allowance': { items: [GLOVES], expiresIn: 118 },
    '/api/warehouse/delivery/save': RECEIPT,
    '/api/warehouse/QR/generateCodeBs64': 'iVBORw0KGgo=',
    ...answers,
  });

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });

/** From the start screen to the screen after the photo: no camera, so the upload on its screen. */
async function showPhoto() {
  await user().click(await screen.findByRole('button', { name: '开始领料' }));
  await screen.findByRole('heading', { name: '请上传本人照片' });
  // no camera is no failure: nothing is read out as an alert, the upload is the way on
  expect(screen.queryByRole('alert')).toBeNull();
  fireEvent.change(screen.getByTestId('kiosk-upload'), { target: { files: [photo()] } });
}

const paths = (calls: Call[]) => calls.map((c) => c.path);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  setLanguage('zh');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pairing', () => {
  it('checks a key with the server before keeping it, and keeps nothing the server refuses', async () => {
    const calls = serve({
      '/api/blade-warehouse/device/kiosk': (call: Call) =>
        call.headers['kiosk-key'] === KEY ? DEVICE : new Refusal(401, 'error.kiosk.invalid', '终端密钥无效'),
    });
    renderWith(<KioskPage />);
    await user().type(await screen.findByLabelText('终端密钥'), 'wrong');
    await user().click(screen.getByRole('button', { name: '配 对' }));
    expect(await screen.findByText('终端密钥无效')).toBeTruthy();
    expect(storedKioskKey()).toBeNull();
    await user().clear(screen.getByLabelText('终端密钥'));
    await user().type(screen.getByLabelText('终端密钥'), KEY);
    await user().click(screen.getByRole('button', { name: '配 对' }));
    expect(await screen.findByRole('heading', { name: '刷脸领料' })).toBeTruthy();
    expect(screen.getByText('测试公司 · 大厅终端')).toBeTruthy();
    expect(storedKioskKey()).toBe(KEY);
    // a kiosk call carries its key, never a staff token or the client header
    expect(calls.at(-1)?.headers).toMatchObject({ 'kiosk-key': KEY });
    expect(calls.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('signs out a staff session on the browser it makes a kiosk', async () => {
    useSession.getState().signIn({ access_token: 'staff-token', account: 'admin' });
    serve();
    renderWith(<KioskPage />);
    await user().type(await screen.findByLabelText('终端密钥'), KEY);
    await user().click(screen.getByRole('button', { name: '配 对' }));
    await screen.findByRole('heading', { name: '刷脸领料' });
    expect(useSession.getState().token).toBe('');
  });

  it('keeps its key while its device is out of service, and opens again when it is back', async () => {
    keepKioskKey(KEY, 'zh');
    let disabled = true;
    serve({
      '/api/blade-warehouse/device/kiosk': () =>
        disabled ? new Refusal(401, 'error.kiosk.disabled', '设备已停用') : DEVICE,
    });
    renderWith(<KioskPage />);
    expect(await screen.findByRole('heading', { name: '暂停服务' })).toBeTruthy();
    expect(screen.getByText('设备已停用')).toBeTruthy();
    expect(storedKioskKey()).toBe(KEY);
    disabled = false;
    act(() => vi.advanceTimersByTime(60_000));
    expect(await screen.findByRole('heading', { name: '刷脸领料' })).toBeTruthy();
  });

  it('forgets a key the server no longer takes, and says why', async () => {
    keepKioskKey(KEY, 'zh');
    serve({ '/api/blade-warehouse/device/kiosk': new Refusal(401, 'error.kiosk.invalid', '终端密钥无效(已撤销)') });
    renderWith(<KioskPage />);
    expect(await screen.findByRole('heading', { name: '终端配对' })).toBeTruthy();
    expect(screen.getByText('终端密钥无效(已撤销)')).toBeTruthy();
    expect(storedKioskKey()).toBeNull();
  });

  it('forgets a key that was never one (unknown), with the server’s words for it', async () => {
    keepKioskKey(KEY, 'zh');
    serve({ '/api/blade-warehouse/device/kiosk': new Refusal(401, 'error.kiosk.unknown', '没有这个密钥') });
    renderWith(<KioskPage />);
    expect(await screen.findByRole('heading', { name: '终端配对' })).toBeTruthy();
    expect(screen.getByText('没有这个密钥')).toBeTruthy();
    expect(storedKioskKey()).toBeNull();
  });
});

describe('a session', () => {
  beforeEach(() => keepKioskKey(KEY, 'zh'));

  it('recognises, lists what may be taken, sends the chosen lines with the ticket, and shows the receipt', async () => {
    const calls = serve();
    renderWith(<KioskPage />);
    await showPhoto();
    expect(await screen.findByText('王五')).toBeTruthy();
    expect(screen.getByText('剩余时间 1:58')).toBeTruthy();
    expect(screen.getByTestId('kiosk-material').textContent).toContain('库存 10 双 · 今日可领 3 · 本月可领 不限');
    const quantity = screen.getByLabelText('手套 领用数量');
    await user().type(quantity, '4');
    expect(screen.getByText('最多可领 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: '确认领取' })).toHaveProperty('disabled', true);
    await user().clear(quantity);
    await user().click(screen.getByRole('button', { name: '增加 手套' }));
    await user().click(screen.getByRole('button', { name: '增加 手套' }));
    await user().click(screen.getByRole('button', { name: '减少 手套' }));
    await user().click(screen.getByRole('button', { name: '增加 手套' }));
    await user().click(screen.getByRole('button', { name: '确认领取' }));

    expect(await screen.findByRole('heading', { name: /领料成功/ })).toBeTruthy();
    expect(screen.getByText('DL202611210001')).toBeTruthy();
    expect(screen.getByText('2026-11-21 10:00:00')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '出库单二维码' })).toBeTruthy();
    const save = calls.find((c) => c.path === '/api/warehouse/delivery/save');
    expect(save?.body).toEqual({ items: [{ materialCodeId: '7', quantity: '2' }] });
    expect(save?.headers).toMatchObject({ 'kiosk-key': KEY, 'outbound-ticket': 'ticket-1' });
    const recognition = calls.find((c) => c.path === '/api/warehouse/face/faceRecognition');
    expect(recognition?.body).toBeInstanceOf(FormData);
  });

  it.each([
    ['warehouse.face.notRecognised', '未能识别', '重新识别'],
    ['warehouse.face.none', '没有找到人脸', '重新识别'],
    ['warehouse.face.several', '画面中不止一人', '重新识别'],
    ['warehouse.face.unreadable', '无法读取照片', '重新识别'],
    ['error.tooMany', '请求过于频繁', '返回首页'],
  ])('shows the screen of a refused photo (%s)', async (key, title, way) => {
    serve({ '/api/warehouse/face/faceRecognition': new Refusal(key === 'error.tooMany' ? 429 : 400, key) });
    renderWith(<KioskPage />);
    await showPhoto();
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('button', { name: way })).toBeTruthy();
  });

  it('says so when the person may take nothing here', async () => {
    serve({ '/api/warehouse/face/allowance': { items: [], expiresIn: 120 } });
    renderWith(<KioskPage />);
    await showPhoto();
    expect(await screen.findByRole('heading', { name: '没有可领用的物料' })).toBeTruthy();
  });

  it('shows a refused outbound with the server’s words, and goes back to picking with fresh stock', async () => {
    let refusals = 1;
    const calls = serve({
      '/api/warehouse/delivery/save': () =>
        refusals-- > 0 ? new Refusal(400, 'warehouse.stock.insufficient', '库存不足: 手套 可用 1') : RECEIPT,
    });
    renderWith(<KioskPage />);
    await showPhoto();
    await user().click(await screen.findByRole('button', { name: '增加 手套' }));
    await user().click(screen.getByRole('button', { name: '确认领取' }));
    expect(await screen.findByRole('heading', { name: '库存不足' })).toBeTruthy();
    expect(screen.getByTestId('kiosk-refusal').textContent).toBe('库存不足: 手套 可用 1');
    await user().click(screen.getByRole('button', { name: '返回修改' }));
    expect(await screen.findByText('王五')).toBeTruthy();
    expect(paths(calls).filter((p) => p === '/api/warehouse/face/allowance')).toHaveLength(2);
  });

  it('tells a person whose ticket ran out while picking, and the network being down', async () => {
    serve();
    renderWith(<KioskPage />);
    await showPhoto();
    await screen.findByText('王五');
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.pointerDown(screen.getByText('王五')); // still picking: the idle time starts again
    act(() => vi.advanceTimersByTime(58_000));
    expect(await screen.findByRole('heading', { name: '操作超时' })).toBeTruthy();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user().click(screen.getByRole('button', { name: '返回首页' }));
    await showPhoto();
    expect(await screen.findByRole('heading', { name: '网络连接失败' })).toBeTruthy();
  });

  it('never offers an outbound again whose answer was lost: it may have been posted', async () => {
    serve({ '/api/warehouse/delivery/save': new Refusal(500, 'error.internal', '服务器内部错误') });
    renderWith(<KioskPage />);
    await showPhoto();
    await user().click(await screen.findByRole('button', { name: '增加 手套' }));
    await user().click(screen.getByRole('button', { name: '确认领取' }));
    expect(await screen.findByRole('heading', { name: '无法确认是否已出库' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回修改' })).toBeNull();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });

  it('greets the next person in the kiosk’s own language', async () => {
    serve({ '/api/warehouse/face/allowance': { items: [], expiresIn: 120 } });
    renderWith(<KioskPage />);
    await user().click(await screen.findByText('English'));
    await user().click(await screen.findByRole('button', { name: 'Start' }));
    fireEvent.change(await screen.findByTestId('kiosk-upload'), { target: { files: [photo()] } });
    await screen.findByRole('heading', { name: 'Nothing you may take here' });
    act(() => vi.advanceTimersByTime(30_000));
    expect(await screen.findByRole('heading', { name: '刷脸领料' })).toBeTruthy();
  });

  it('goes back to the start after a screen’s idle time, and a touch restarts the wait', async () => {
    serve();
    renderWith(<KioskPage />);
    await showPhoto();
    await user().click(await screen.findByRole('button', { name: '增加 手套' }));
    await user().click(screen.getByRole('button', { name: '确认领取' }));
    await screen.findByRole('heading', { name: /领料成功/ });
    act(() => vi.advanceTimersByTime(15_000));
    fireEvent.pointerDown(screen.getByText('DL202611210001'));
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('heading', { name: /领料成功/ })).toBeTruthy();
    act(() => vi.advanceTimersByTime(5_000));
    expect(await screen.findByRole('heading', { name: '刷脸领料' })).toBeTruthy();
  });
});

describe("the kiosk's quantity check", () => {
  it('says what is wrong in the back office words, then how much may be taken', async () => {
    const { quantityProblem } = await import('../src/pages/kiosk/quantities.ts');
    expect(quantityProblem('', '5')).toBeNull();
    expect(quantityProblem('0', '5')).toBeNull();
    expect(quantityProblem('2.5', '5')).toBeNull();
    expect(quantityProblem('abc', '5')).toBe('warehouse.quantityProblem.invalid');
    expect(quantityProblem('0.0001', '5')).toBe('warehouse.quantityProblem.decimals');
    expect(quantityProblem('12345678901234567890', '5')).toBe('warehouse.quantityProblem.tooLarge');
    expect(quantityProblem('-1', '5')).toBe('warehouse.quantityProblem.negative');
    expect(quantityProblem('6', '5')).toBe('kiosk.pick.tooMany');
  });
});
