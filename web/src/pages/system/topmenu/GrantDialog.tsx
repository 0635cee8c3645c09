import { useQuery } from '@tanstack/react-query';
import { Spin, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '../../../components/crud/ActionModal.tsx';
import { getData, postAction } from '../../../components/crud/api.ts';
import { type KeyNode, leafKeys } from '../../../components/tree/checked-keys.ts';

interface Props {
  topMenuIds: string[];
  onClose(): void;
}

/** Which menus show under the chosen top menus: the menu tree, checked as they are set now (`topmenu/grant`). */
export function TopMenuGrantDialog({ topMenuIds, onClose }: Props) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['topmenu-grant', topMenuIds],
    queryFn: async () => {
      const [tree, keys] = await Promise.all([
        getData<{ menu: KeyNode[] }>('/blade-system/menu/grant-top-tree'),
        getData<{ menu: string[] }>('/blade-system/menu/top-tree-keys', { topMenuIds: topMenuIds.join(',') }),
      ]);
      return { tree: tree.menu, held: keys.menu };
    },
    gcTime: 0,
  });
  // Until the tree is touched, the settings stay as they are; then the checked menus and their parents.
  const [picked, setPicked] = useState<{ checked: string[]; menuIds: string[] } | null>(null);

  const save = async () => {
    if (!data) return false;
    await postAction('/blade-system/topmenu/grant', {}, { topMenuIds, menuIds: picked?.menuIds ?? data.held });
  };

  return (
    <ActionModal
      title={t('topmenu.grantTitle')}
      disabled={!data}
      bodyStyle={{ maxHeight: '60vh', overflow: 'auto' }}
      onSave={save}
      onClose={onClose}
    >
      {data ? (
        <Tree
          checkable
          defaultExpandAll
          treeData={data.tree}
          checkedKeys={picked?.checked ?? leafKeys(data.tree, data.held)}
          onCheck={(checked, info) => {
            const full = (Array.isArray(checked) ? checked : checked.checked).map(String);
            setPicked({ checked: full, menuIds: [...full, ...(info.halfCheckedKeys ?? []).map(String)] });
          }}
        />
      ) : (
        <Spin style={{ display: 'block', margin: 24 }} />
      )}
    </ActionModal>
  );
}
