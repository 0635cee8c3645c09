import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tabs, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '../../../components/crud/ActionModal.tsx';
import { getData, postAction } from '../../../components/crud/api.ts';
import type { Row } from '../../../components/crud/types.ts';
import { checkedLeaves, type GrantNode, menusToGrant, scopesToGrant } from './grant-tree.ts';

type Kind = 'menu' | 'dataScope' | 'apiScope';
const KINDS: readonly Kind[] = ['menu', 'dataScope', 'apiScope'];
type Trees = Record<Kind, GrantNode[]>;
type Keys = Record<Kind, string[]>;

interface Props {
  roles: Row[];
  onClose(): void;
}

/**
 * The grants of roles (`role_grant`): menus, data scopes and API scopes, each a cascading tree of
 * what the caller may grant (`menu/grant-tree`), ticked as the roles hold them (`menu/role-tree-keys`).
 * Saving replaces all three for every role (`POST /role/grant`).
 */
export function GrantDialog({ roles, onClose }: Props) {
  const { t } = useTranslation();
  const roleIds = roles.map((r) => String(r.id));
  const [checked, setChecked] = useState<Keys | null>(null);

  const trees = useQuery({
    queryKey: ['grant-tree'],
    queryFn: () => getData<Trees>('/blade-system/menu/grant-tree'),
    gcTime: 0,
  });
  const keys = useQuery({
    queryKey: ['role-tree-keys', roleIds.join(',')],
    queryFn: () => getData<Keys>('/blade-system/menu/role-tree-keys', { roleIds: roleIds.join(',') }),
    gcTime: 0,
  });
  const tree = trees.data;
  const held = keys.data;
  useEffect(() => {
    if (!tree || !held) return;
    setChecked({
      menu: checkedLeaves(tree.menu, held.menu),
      dataScope: checkedLeaves(tree.dataScope, held.dataScope),
      apiScope: checkedLeaves(tree.apiScope, held.apiScope),
    });
  }, [tree, held]);

  const save = async () => {
    if (!tree || !checked) return false;
    await postAction(
      '/blade-system/role/grant',
      {},
      {
        roleIds,
        menuIds: menusToGrant(tree.menu, checked.menu),
        dataScopeIds: scopesToGrant(tree.dataScope, checked.dataScope),
        apiScopeIds: scopesToGrant(tree.apiScope, checked.apiScope),
      },
    );
  };

  const pane = (kind: Kind) => {
    const nodes = tree?.[kind] ?? [];
    if (!checked) return <Spin style={{ display: 'block', margin: 24 }} />;
    if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
    return (
      <div style={{ height: 420, overflow: 'auto' }}>
        <Tree
          checkable
          selectable={false}
          treeData={nodes}
          defaultExpandedKeys={nodes.map((n) => n.id)}
          checkedKeys={checked[kind]}
          onCheck={(ticked) => {
            const list = (Array.isArray(ticked) ? ticked : ticked.checked).map(String);
            setChecked((all) => (all ? { ...all, [kind]: checkedLeaves(nodes, list) } : all));
          }}
        />
      </div>
    );
  };

  const names = roles.map((r) => String(r.roleName ?? '')).join(', ');
  return (
    <ActionModal
      title={`${t('role.grant')} · ${names}`}
      width={560}
      disabled={!checked}
      onSave={save}
      onClose={onClose}
    >
      <Tabs items={KINDS.map((kind) => ({ key: kind, label: t(`role.grantTabs.${kind}`), children: pane(kind) }))} />
    </ActionModal>
  );
}
