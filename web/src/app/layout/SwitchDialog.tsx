import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DeptRoleChoice } from '../../api/auth.ts';
import { type DeptOption, fetchOwnDepts } from '../../api/dept.ts';
import { fetchOwnRoles, type RoleOption } from '../../api/role.ts';
import { homePath } from '../guard.ts';
import { useMenu } from '../menu-store.ts';
import { routeInfo } from '../pages.tsx';
import { useSession } from '../session.ts';
import { useTabs } from '../tabs.ts';
import { refreshSession } from '../token-refresh.ts';

/** One id of the session's comma-joined list, when it holds exactly one. */
const single = (ids: unknown) => (typeof ids === 'string' && ids && !ids.includes(',') ? ids : undefined);

/**
 * Switch dept/role (switch mode): the user's own depts and roles. Confirming narrows the session to
 * them (a refresh grant with `Dept-Id` / `Role-Id`), reads the menus of that role, closes the tabs of
 * pages it lacks, and goes home.
 */
export default function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Required<DeptRoleChoice>>();
  const [options, setOptions] = useState<{ depts: DeptOption[]; roles: RoleOption[] }>({ depts: [], roles: [] });

  useEffect(() => {
    if (!open) return;
    const { choice, userInfo } = useSession.getState();
    form.setFieldsValue({
      deptId: choice.deptId ?? single(userInfo.dept_id),
      roleId: choice.roleId ?? single(userInfo.role_id),
    });
    Promise.all([fetchOwnDepts(), fetchOwnRoles()]).then(
      ([depts, roles]) => setOptions({ depts, roles }),
      () => undefined,
    );
  }, [open, form]);

  const submit = async (choice: Required<DeptRoleChoice>) => {
    await refreshSession(choice);
    await useMenu.getState().load();
    const { menuAll } = useMenu.getState();
    useTabs.getState().retain((route) => routeInfo(route, menuAll) !== undefined);
    onClose();
    navigate(homePath);
    void message.success(t('switch.done'));
  };

  return (
    <Modal
      title={t('switch.title')}
      open={open}
      mask={{ closable: false }}
      okText={t('switch.ok')}
      cancelText={t('lock.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => submit(v).catch(() => undefined)}>
        <Form.Item
          name="deptId"
          label={t('switch.dept')}
          rules={[{ required: true, message: t('switch.deptRequired') }]}
        >
          <Select options={options.depts.map((d) => ({ value: d.id, label: d.deptName }))} />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('switch.role')}
          rules={[{ required: true, message: t('switch.roleRequired') }]}
        >
          <Select options={options.roles.map((r) => ({ value: r.id, label: r.roleName }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
