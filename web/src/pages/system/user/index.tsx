import { Col, Row as Grid } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenClass } from '../../../app/screen.ts';
import { postAction } from '../../../components/crud/api.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudContext, CrudResource, Row } from '../../../components/crud/types.ts';
import { useConfirmAction } from '../../../components/crud/use-confirm-action.ts';
import { ImportDialog } from '../../../components/excel/ImportDialog.tsx';
import { useExport } from '../../../components/warehouse/use-export.tsx';
import { DeptTree } from './DeptTree.tsx';
import { PlatformDialog } from './PlatformDialog.tsx';
import { RoleDialog } from './RoleDialog.tsx';
import { userResource } from './resource.ts';

type Dialog =
  | { kind: 'roles'; users: Row[]; ctx: CrudContext }
  | { kind: 'platform'; user: Row; ctx: CrudContext }
  | { kind: 'import'; ctx: CrudContext };

const idsOf = (rows: Row[]) => rows.map((r) => String(r.id)).join(',');

/** /system/user: the dept tree beside the user list, with role, password, platform and unlock actions. */
export default function UserPage() {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const [deptId, setDeptId] = useState<string>();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const exporter = useExport('excel.exportTitle');

  const resource = useMemo<CrudResource>(() => {
    /** An action on the selected users after a confirm: reset-password, unlock. */
    const confirmThen = (question: string, url: string) => (ctx: CrudContext) =>
      confirm({
        content: t(question),
        call: () => postAction(url, { userIds: idsOf(ctx.selected) }),
        success: t('crud.done'),
        after: ctx.reload,
      });
    return {
      ...userResource,
      toolbar: [
        {
          label: 'user.roleConfig',
          permission: 'user_role',
          needsSelection: true,
          onClick: (ctx) => setDialog({ kind: 'roles', users: ctx.selected, ctx }),
        },
        {
          label: 'user.resetPassword',
          permission: 'user_reset',
          needsSelection: true,
          onClick: confirmThen('user.confirmReset', '/blade-user/reset-password'),
        },
        {
          label: 'user.unlock',
          permission: 'user_unlock',
          needsSelection: true,
          onClick: confirmThen('user.confirmUnlock', '/blade-user/unlock'),
        },
        // As Saber: import (with its template) and an export of what the list's filters select.
        { label: 'excel.import', permission: 'user_add', onClick: (ctx) => setDialog({ kind: 'import', ctx }) },
        {
          label: 'excel.export',
          onClick: ({ filters }) => exporter.start('/blade-user/export-user', filters, 'users.xlsx'),
        },
      ],
      rowActions: [
        {
          label: 'user.approve',
          permission: 'user_edit',
          visible: (row) => Number(row.status) === 2,
          onClick: (row, ctx) => confirmThen('user.confirmApprove', '/blade-user/approve')({ ...ctx, selected: [row] }),
        },
        {
          label: 'user.platform',
          permission: 'user_platform',
          onClick: (row, ctx) => setDialog({ kind: 'platform', user: row, ctx }),
        },
      ],
    };
  }, [t, confirm, exporter.start]);

  const fixedParams = useMemo(() => (deptId ? { deptId } : undefined), [deptId]);

  // Under 992 px (spec §2 size classes 0 and 1) the dept tree goes above the list, not beside it.
  const narrow = useScreenClass() < 2;
  return (
    <Grid gutter={[16, 16]} wrap={narrow}>
      <Col flex={narrow ? '100%' : '240px'}>
        <DeptTree selected={deptId} onSelect={setDeptId} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <CrudPage resource={resource} fixedParams={fixedParams} />
      </Col>
      {dialog?.kind === 'roles' && (
        <RoleDialog users={dialog.users} onDone={dialog.ctx.reload} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'platform' && (
        <PlatformDialog user={dialog.user} onDone={dialog.ctx.reload} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && (
        <ImportDialog
          url="/blade-user/import-user"
          templateUrl="/blade-user/export-template"
          templateName="user-template.xlsx"
          onDone={dialog.ctx.reload}
          onClose={() => setDialog(null)}
        />
      )}
      {exporter.element}
    </Grid>
  );
}
