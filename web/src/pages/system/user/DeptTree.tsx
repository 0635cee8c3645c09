import { Card, Empty, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOptions } from '../../../components/crud/options.ts';

const DEPTS = { tree: '/blade-system/dept/tree' } as const;

interface Props {
  selected: string | undefined;
  /** A dept chosen (its users and those of the depts below it), or none (every user). */
  onSelect(deptId: string | undefined): void;
}

/** The tenant's depts beside the user list: choosing one filters the list by `deptId`. */
export function DeptTree({ selected, onSelect }: Props) {
  const { t } = useTranslation();
  const { tree } = useOptions(DEPTS);
  return (
    <Card variant="borderless" title={t('user.deptTree')} styles={{ body: { paddingInline: 8 } }}>
      {tree === null ? null : tree.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          treeData={tree}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
        />
      )}
    </Card>
  );
}
