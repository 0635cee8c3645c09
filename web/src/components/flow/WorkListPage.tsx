import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { claimTask } from '../../api/flow.ts';
import { type ProcessScreen, processPath, processRoute } from '../../app/process-routes.ts';
import { CrudPage } from '../crud/CrudPage.tsx';
import type { CrudResource, Row, RowAction } from '../crud/types.ts';
import { useDiagramDialog } from './DiagramDialog.tsx';
import { useFlowRoutes } from './flow-fields.tsx';
import { type WorkKind, workResource } from './work-lists.tsx';

/** The kind of process whose record a step is about, by the record's table (the business key's). */
const KIND_OF_TABLE: Record<string, string> = { blade_process_leave: 'leave', wh_delivery: 'delivery' };

/**
 * A list of 我的事务 with the actions of its menu's buttons: start a process (its form) or show its
 * diagram; claim a step; handle it; its detail; its diagram with what has happened (跟踪).
 */
export function WorkListPage({ kind }: { kind: WorkKind }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const diagram = useDiagramDialog();
  const routeOf = useFlowRoutes();

  const resource = useMemo<CrudResource>(() => {
    // The screens of a process's kind: its record's (a leave request, an outbound request), else its
    // category's in the flow dictionary (BladeX's route key, for a form: there is no record yet). A
    // kind without that screen says so.
    const open = (row: Row, screen: ProcessScreen, ...ids: unknown[]) => {
      const kind = KIND_OF_TABLE[String(row.businessTable)] ?? routeOf(row.category);
      const path = kind && processPath(kind, screen, ...ids);
      if (!path || !processRoute(path)) return void message.warning(t('flow.work.noScreen'));
      navigate(path);
    };
    const detail: RowAction = {
      label: 'flow.work.detail',
      permission: `work_${kind}_detail`,
      onClick: (row) => open(row, 'detail', row.processInstanceId, row.businessId),
    };
    const follow: RowAction = {
      label: 'flow.work.follow',
      permission: `work_${kind}_follow`,
      onClick: (row) => diagram.open({ processInstanceId: String(row.processInstanceId) }),
    };
    const actions: Record<WorkKind, RowAction[]> = {
      start: [
        {
          label: 'flow.work.start',
          permission: 'work_start_flow',
          visible: (row) => Number(row.suspensionState) !== 2,
          onClick: (row) => open(row, 'form', row.id),
        },
        {
          label: 'flow.diagram.title',
          permission: 'work_start_image',
          onClick: (row) => diagram.open({ processDefinitionId: String(row.id) }),
        },
      ],
      claim: [
        {
          label: 'flow.work.claim',
          permission: 'work_claim_sign',
          onClick: (row, { reload }) =>
            modal.confirm({
              title: t('crud.confirmTitle'),
              content: t('flow.work.confirmClaim', { name: row.taskName }),
              okText: t('crud.ok'),
              cancelText: t('crud.cancel'),
              onOk: () =>
                claimTask(String(row.taskId))
                  .then(() => void message.success(t('flow.work.claimed')))
                  .catch(() => undefined) // the client has said why (claimed by another meanwhile)
                  .finally(reload),
            }),
        },
        detail,
        follow,
      ],
      todo: [
        {
          label: 'flow.work.handle',
          permission: 'work_todo_handle',
          onClick: (row) => open(row, 'handle', row.taskId, row.processInstanceId, row.businessId),
        },
        detail,
        follow,
      ],
      send: [detail, follow],
      done: [detail, follow],
    };
    return { ...workResource(kind), rowActions: actions[kind] };
  }, [kind, routeOf, navigate, diagram.open, message, modal, t]);

  return (
    <>
      <CrudPage resource={resource} />
      {diagram.element}
    </>
  );
}
