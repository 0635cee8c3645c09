import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useCallback } from 'react';
import { getData } from '../crud/api.ts';
import type { FieldSpec, OptionSource } from '../crud/types.ts';
import { StateTag } from '../warehouse/fields.tsx';
// the workflow's words come with its first page
import './area-messages.ts';
import { isEmptyAnswer } from '../../api/wire.ts';

/**
 * A process's category is the flow dictionary's key with `flow_` before it (`flow_1` is 请假流程),
 * as BladeX's deploy writes it; the dictionary's remark names the screens of that kind of process
 * (`leave`: /work/process/leave/...).
 */
export const FLOW_CATEGORY: OptionSource = { dict: 'flow', prefix: 'flow_' };

export const categoryField = (over: Partial<FieldSpec> = {}): FieldSpec => ({
  name: 'category',
  label: 'flow.category',
  type: 'select',
  options: FLOW_CATEGORY,
  search: true,
  ...over,
});

/** A definition's version as the original shows it: v1, v2. */
export const versionField = (name: string): FieldSpec => ({
  name,
  label: 'flow.version',
  render: (v) => (isEmptyAnswer(v) ? null : <Tag>v{String(v)}</Tag>),
});

/** Active (1) or suspended (2), Flowable's suspension states. */
export const suspensionField: FieldSpec = {
  name: 'suspensionState',
  label: 'flow.state',
  render: (v) => <StateTag value={v} prefix="flow.stateOf" colors={{ '1': 'green', '2': 'orange' }} />,
};

/** The flow dictionary's remarks by category: the route key of each kind of process's screens. */
export function useFlowRoutes(): (category: unknown) => string | undefined {
  const { data } = useQuery({
    queryKey: ['flow', 'routes'],
    queryFn: () =>
      getData<{ dictKey: string; remark: string | null }[]>('/blade-system/dict/dictionary', { code: 'flow' }),
    staleTime: 60_000,
  });
  return useCallback(
    (category: unknown) => data?.find((d) => `flow_${d.dictKey}` === category)?.remark || undefined,
    [data],
  );
}

/**
 * Where a deployment goes (model/deploy, manager/deploy-upload): its category, and for the platform
 * tenant the tenants to deploy to (none: a common definition every tenant may start).
 */
export const deployFields = (platform: boolean): FieldSpec[] => [
  categoryField({ search: false, required: true }),
  ...(platform
    ? [
        {
          name: 'tenantIds',
          label: 'flow.deploy.tenants',
          type: 'select' as const,
          multiple: true,
          options: { url: '/blade-system/tenant/list', label: ['tenantId', 'tenantName'], value: 'tenantId' },
          help: 'flow.deploy.tenantsHelp',
        },
      ]
    : []),
];
