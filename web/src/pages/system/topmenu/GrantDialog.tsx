import { useQuery } from '@tanstack/react-query';
import { App, Modal, Spin, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postAction } from '../../../components/crud/api.ts';
import { type KeyNode, leafKeys } from '../../../components/tree/checked-keys.ts';

interface Props {
  topMenuIds: string[];
  onClose(): void;
}

/** Which menus show under the chosen top menus: the menu tree, checked as they are set now (`topmenu/grant`). */
export function TopMenuGrantDialog({ topMenuIds, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!data) return;
    setSaving(true);
    try {
      const menuIds = picked?.menuIds ?? data.held;
      await postAction('/blade-system/topmenu/grant', {}, { topMenuIds, menuIds });
      void message.success(t('crud.done'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('topmenu.grantTitle')}
      mask={{ closable: false }}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ loading: saving, disabled: !data }}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      styles={{ body: { maxHeight: '60vh', overflow: 'auto' } }}
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
    </Modal>
  );
}
