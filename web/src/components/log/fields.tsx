import { Tag } from 'antd';
import type { FieldSpec } from '../crud/types.ts';
import { browserOf } from './pretty.ts';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ label: m, value: m }));

/** The fields every request log shares (BladeX's LogAbstract), as columns, search fields and in the drawer. */
export const requestFields = {
  tenantId: { name: 'tenantId', label: 'monitor.tenantId', search: true, width: 90 },
  serviceId: { name: 'serviceId', label: 'monitor.serviceId', search: true, column: 'optional' },
  serverHost: { name: 'serverHost', label: 'monitor.serverHost', search: true, column: 'optional' },
  serverIp: { name: 'serverIp', label: 'monitor.serverIp', column: 'optional' },
  env: { name: 'env', label: 'monitor.env', column: 'optional' },
  method: { name: 'method', label: 'monitor.method', type: 'select', options: { items: METHODS }, search: true },
  requestUri: { name: 'requestUri', label: 'monitor.requestUri', search: true },
  remoteIp: { name: 'remoteIp', label: 'monitor.remoteIp', search: true },
  createBy: { name: 'createBy', label: 'monitor.createBy', search: true },
  createTime: { name: 'createTime', label: 'monitor.createTime', type: 'datetime', sortable: true },
} satisfies Record<string, FieldSpec>;

/** What the drawer adds for every request log. */
export const requestDetail: FieldSpec[] = [
  { name: 'id', label: 'monitor.id' },
  { name: 'userAgent', label: 'monitor.userAgent' },
  { name: 'methodName', label: 'monitor.methodName' },
  { name: 'params', label: 'monitor.params' },
];

/** The browser in a column (the whole agent is in the drawer and the cell's tooltip). */
export const agentField = (name = 'userAgent'): FieldSpec => ({
  name,
  label: 'monitor.browser',
  render: (value) => <span title={typeof value === 'string' ? value : undefined}>{browserOf(value)}</span>,
});

/** A status (HTTP code, result) as a coloured tag. */
export const statusTag = (text: string, ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{text}</Tag>;
