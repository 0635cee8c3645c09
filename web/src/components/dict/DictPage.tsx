import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../crud/CrudPage.tsx';
import type { Row } from '../crud/types.ts';
import { DictChildren } from './DictChildren.tsx';
import { type DictSource, dictParentResource } from './dict-resources.ts';

/** /system/dict and /system/dictbiz: the dictionaries, each row opening its items in a dialog. */
export function DictPage({ source }: { source: DictSource }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<Row | null>(null);
  const resource = useMemo(
    () => ({ ...dictParentResource(source), rowActions: [{ label: 'dict.items', onClick: setParent }] }),
    [source],
  );
  return (
    <>
      <CrudPage resource={resource} />
      {parent && (
        <Modal
          open
          width={1000}
          footer={null}
          mask={{ closable: false }}
          title={t('dict.itemsOf', { name: parent.dictValue })}
          onCancel={() => setParent(null)}
          destroyOnHidden
        >
          <DictChildren source={source} parent={parent} />
        </Modal>
      )}
    </>
  );
}
