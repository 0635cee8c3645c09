import { useMemo } from 'react';
import { deleteProcessInstance, FLOW } from '../../../api/flow.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, FieldSpec } from '../../../components/crud/types.ts';
import { useFormDialog } from '../../../components/crud/use-form-dialog.tsx';
import { useDiagramDialog } from '../../../components/flow/DiagramDialog.tsx';
import { categoryField, suspensionField } from '../../../components/flow/flow-fields.tsx';
import { personName } from '../../../components/warehouse/fields.tsx';

/** Running process instances (BladeX `FlowExecution`). */
export const followResource: CrudResource = {
  api: FLOW.follow,
  listPath: 'list',
  permissions: {},
  rowKey: 'processInstanceId',
  createTimeRange: false,
  fields: [
    categoryField({ search: false }),
    { name: 'processDefinitionKey', label: 'flow.processKey', search: true },
    { name: 'name', label: 'flow.processName' },
    { name: 'processInstanceId', label: 'flow.follow.instanceId', search: true },
    { name: 'startUser', label: 'flow.follow.startUser', render: (v) => personName(v) },
    { name: 'startTime', label: 'flow.work.startTime', type: 'datetime' },
    suspensionField,
  ],
};

const reasonFields: FieldSpec[] = [
  { name: 'deleteReason', label: 'flow.follow.reason', type: 'textarea', required: true, max: 255 },
];

/** /flow/follow, 流程跟踪: running instances, each with its diagram; removed with a reason. */
export default function FollowPage() {
  const diagram = useDiagramDialog();
  const dialog = useFormDialog();
  const resource = useMemo<CrudResource>(
    () => ({
      ...followResource,
      rowActions: [
        {
          label: 'flow.diagram.title',
          onClick: (row) => diagram.open({ processInstanceId: String(row.processInstanceId) }),
        },
        {
          label: 'crud.delete',
          permission: 'flow_follow_delete',
          onClick: (row, { reload }) =>
            dialog.open({
              title: 'flow.follow.delete',
              fields: reasonFields,
              submit: (values) =>
                deleteProcessInstance(String(row.processInstanceId), String(values.deleteReason)).then(reload),
            }),
        },
      ],
    }),
    [diagram.open, dialog.open],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {diagram.element}
      {dialog.element}
    </>
  );
}
