import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Row } from '../src/components/crud/types.ts';
import { lineAmountCents, plainQuantity, sumQuantities } from '../src/components/warehouse/decimal.ts';
import { ItemLines } from '../src/components/warehouse/ItemLines.tsx';
import { type Line, type LinesKind, linesField } from '../src/components/warehouse/lines.ts';
import { type Call, fakeApi, renderWith } from './fake-api.tsx';

afterEach(() => vi.unstubAllGlobals());

const MATERIALS = [
  { id: '1', code: 'M-1', name: '丁腈手套', unit: 'pair', unitName: '双', referencePrice: '3.50' },
  { id: '2', code: 'M-2', name: '口罩', unit: 'pcs', unitName: '个', referencePrice: '0.10' },
];

/** The editor as a form holds it: the items field with a device beside it. */
function renderLines(kind: LinesKind, items: Line[], onFinish = (_v: Row) => {}, keys = false) {
  const field = linesField((props) => <ItemLines kind={kind} {...props} />);
  return renderWith(
    <Form initialValues={{ deviceId: '7', items }} onFinish={onFinish}>
      <Form.Item name="deviceId" hidden>
        <input />
      </Form.Item>
      <Form.Item name="items" rules={field.rules?.map((r) => (keys ? r : { ...r, message: 'lines incomplete' }))}>
        {field.input && <field.input />}
      </Form.Item>
      <Button htmlType="submit">save</Button>
    </Form>,
  );
}

const totals = () => screen.getByTestId('line-totals').textContent;

describe('decimal sums', () => {
  it('add as the server’s numeric columns do, with amounts rounded half up to cents', () => {
    expect(sumQuantities(['0.1', '0.2', undefined, 'x'])).toBe('0.3');
    expect(lineAmountCents('3', '1.005')).toBe(302n);
    expect(lineAmountCents('1.5', '0.3333')).toBe(50n);
    expect(plainQuantity('20.500')).toBe('20.5');
  });
});

describe('the item-lines editor', () => {
  it('totals a refuel’s quantities and amounts exactly, and follows what is typed', async () => {
    fakeApi({ '/api/warehouse/materialscode/select': MATERIALS });
    renderLines('refuel', [
      { materialCodeId: '1', quantity: '0.1', unitPrice: '0.2' },
      { materialCodeId: '2', quantity: '0.2', unitPrice: '0.1' },
    ]);
    expect(totals()).toBe('合计: 数量 0.3, 金额 0.04');
    const quantity = screen.getByLabelText('数量 1');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '12.5');
    await waitFor(() => expect(totals()).toBe('合计: 数量 12.7, 金额 2.52'));
    expect(await screen.findAllByText('双')).toHaveLength(1);
  });

  it('shows a posted line’s unit by its label and its quantity as quantities read everywhere', async () => {
    fakeApi({ '/api/warehouse/materialscode/list': { records: [], total: 0 } });
    const line = { materialCodeId: '9', materialCode: 'M-9', materialName: '扳手', unit: 'pcs', unitName: '个' };
    renderWith(
      <Form initialValues={{ items: [{ ...line, quantity: '20.500', unitPrice: '1.5000' }] }}>
        <Form.Item name="items">
          <ItemLines kind="refuel" disabled />
        </Form.Item>
      </Form>,
    );
    expect(await screen.findByText('个')).toBeTruthy();
    expect(screen.queryByText('pcs')).toBeNull();
    expect(screen.getByLabelText('数量 1')).toHaveProperty('value', '20.5');
  });

  it('starts a new line’s price at the material’s reference price', async () => {
    fakeApi({ '/api/warehouse/materialscode/select': MATERIALS });
    renderLines('refuel', []);
    await userEvent.click(screen.getByRole('button', { name: /添加明细/ }));
    await userEvent.click(screen.getByLabelText('物资 1'));
    await userEvent.click(await screen.findByText('M-1 丁腈手套'));
    await userEvent.type(screen.getByLabelText('数量 1'), '4');
    await waitFor(() => expect(screen.getByLabelText('单价 1')).toHaveProperty('value', '3.5'));
    expect(totals()).toBe('合计: 数量 4, 金额 14.00');
  });

  it('shows an outbound line’s stock at the device, in red above it, and estimates at the average price', async () => {
    const calls = fakeApi({
      '/api/warehouse/materialscode/select': MATERIALS,
      '/api/warehouse/materials/list': ({ query }: Call) => ({
        records: [{ deviceId: query.deviceId_equal, quantity: '5.000', averagePrice: '3.3333' }],
      }),
    });
    renderLines('delivery', [{ materialCodeId: '1', quantity: '6' }]);
    const stock = await screen.findByText('库存 5');
    expect(stock.closest('.ant-typography-danger')).not.toBeNull();
    expect(calls.find((c) => c.path.endsWith('/materials/list'))?.query).toMatchObject({
      deviceId_equal: '7',
      materialCodeId_equal: '1',
    });
    await waitFor(() => expect(totals()).toBe('合计: 数量 6, 金额 20.00 (按移动平均价估算)'));
  });

  it('refuses lines without a material or a quantity above 0', async () => {
    fakeApi({ '/api/warehouse/materialscode/select': MATERIALS });
    const onFinish = vi.fn();
    renderLines('refuel', [{ materialCodeId: '1', quantity: '0' }], onFinish);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('lines incomplete')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    await userEvent.click(within(screen.getAllByRole('row')[1]!).getByRole('button', { name: /移除/ }));
    expect(totals()).toBe('合计: 数量 0, 金额 0.00');
  });

  it('says what is wrong with a quantity, as the server does, and never turns a negative one into 0', async () => {
    fakeApi({ '/api/warehouse/materialscode/list': { records: MATERIALS, total: 2 } });
    const onFinish = vi.fn();
    renderLines(
      'delivery',
      [
        { materialCodeId: '1', quantity: '0.0001' },
        { materialCodeId: '2', quantity: '12345678901234567890' },
      ],
      onFinish,
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('warehouse.quantityProblem.decimals')).toBeTruthy();
    expect(screen.getByText('warehouse.quantityProblem.tooLarge')).toBeTruthy();
    expect(screen.queryByText('warehouse.linesRequired')).toBeNull();
    const second = screen.getByRole('spinbutton', { name: '数量 2' });
    await userEvent.clear(second);
    await userEvent.type(second, '-3');
    await userEvent.tab();
    expect((second as HTMLInputElement).value).toBe('-3');
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('warehouse.quantityProblem.negative')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
