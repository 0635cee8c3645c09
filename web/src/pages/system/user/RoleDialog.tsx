import { App, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '../../../components/crud/ActionModal.tsx';
import { postAction } from '../../../components/crud/api.ts';
import { useOptions } from '../../../components/crud/options.ts';
import type { Row } from '../../../components/crud/types.ts';

const ROLES = { tree: '/blade-system/role/tree' } as const;

interface Props {
  users: Row[];
  onDone(): void;
  onClose(): void;
}

const rolesOf = (user: Row | undefined) =>
  String(user?.roleId ?? '')
    .split(',')
    .filter(Boolean);

/**
 * Gives the selected users these roles (`POST /blade-user/grant`), replacing theirs. Roles are
 * chosen one by one: a parent role does not take in its children. One user starts from their own.
 */
export function RoleDialog({ users, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tree } = useOptions(ROLES);
  const [checked, setChecked] = useState<string[]>(users.length === 1 ? rolesOf(users[0]) : []);

  const save = async () => {
    if (!checked.length) {
      void message.warning(t('user.chooseRole'));
      return false;
    }
    await postAction('/blade-user/grant', {
      userIds: users.map((u) => String(u.id)).join(','),
      roleIds: checked.join(','),
    });
    onDone();
  };

  return (
    <ActionModal title={t('user.roleConfig')} width={400} onSave={save} onClose={onClose}>
      <div style={{ maxHeight: 400, overflow: 'auto' }}>
        {tree && (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            defaultExpandAll
            treeData={tree}
            checkedKeys={checked}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          />
        )}
      </div>
    </ActionModal>
  );
}
