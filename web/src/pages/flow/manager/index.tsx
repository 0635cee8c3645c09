import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { changeState, deleteDeployment, FLOW } from '../../../api/flow.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, FieldSpec, Row } from '../../../components/crud/types.ts';
import { useConfirmAction } from '../../../components/crud/use-confirm-action.ts';
import { useFormDialog } from '../../../components/crud/use-form-dialog.tsx';
import { useDiagramDialog } from '../../../components/flow/DiagramDialog.tsx';
import { categoryField, suspensionField, versionField } from '../../../components/flow/flow-fields.tsx';

/** Deployed definitions, every version (BladeX `FlowProcess`). */
export const managerResource: CrudResource = {
  api: FLOW.manager,
  listPath: 'list',
  permissions: {},
  createTimeRange: false,
  fields: [
    { name: 'tenantId', label: 'flow.tenantId' },
    categoryField(),
    { name: 'name', label: 'flow.processName' },
    { name: 'key', label: 'flow.processKey', search: true },
    versionField('version'),
    suspensionField,
    { name: 'deploymentTime', label: 'flow.deploymentTime', type: 'datetime' },
  ],
};

const isActive = (row: Row) => Number(row.suspensionState) === 1;

// A deployment whose instances still run is refused unless they are ended with it (their history stays).
const deleteFields: FieldSpec[] = [
  { name: 'cascade', label: 'flow.manager.cascade', type: 'switch', help: 'flow.manager.cascadeHelp' },
];

/**
 * /flow/manager, 流程管理: definitions with their state (suspend or activate one: a suspended one
 * cannot be started, nor its instances moved), their diagram, and the removal of a deployment.
 */
export default function ManagerPage() {
  const { t } = useTranslation();
  const ask = useConfirmAction();
  const diagram = useDiagramDialog();
  const dialog = useFormDialog();
  const resource = useMemo<CrudResource>(() => {
    // the server says what happened (挂起ID为 [x] 的流程成功, or that it already was)
    const confirm = (content: string, call: () => Promise<{ msg?: string }>, after: () => void) =>
      ask({ content, call, after });
    return {
      ...managerResource,
      rowActions: [
        {
          label: 'flow.manager.changeState',
          permission: 'flow_manager_state',
          onClick: (row, { reload }) =>
            confirm(
              t(isActive(row) ? 'flow.manager.confirmSuspend' : 'flow.manager.confirmActivate', { name: row.name }),
              () => changeState(String(row.id), isActive(row) ? 'suspend' : 'active'),
              reload,
            ),
        },
        {
          label: 'flow.diagram.title',
          permission: 'flow_manager_image',
          onClick: (row) => diagram.open({ processDefinitionId: String(row.id) }),
        },
        {
          label: 'crud.delete',
          permission: 'flow_manager_remove',
          onClick: (row, { reload }) =>
            dialog.open({
              title: 'flow.manager.delete',
              fields: deleteFields,
              initial: { cascade: false },
              submit: (values) => deleteDeployment([String(row.deploymentId)], values.cascade === 1).then(reload),
            }),
        },
      ],
    };
  }, [diagram.open, dialog.open, ask, t]);
  return (
    <>
      <CrudPage resource={resource} />
      {diagram.element}
      {dialog.element}
    </>
  );
}
