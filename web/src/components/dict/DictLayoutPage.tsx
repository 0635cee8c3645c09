import { Card, Col, Row as Grid } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../crud/CrudPage.tsx';
import type { Row } from '../crud/types.ts';
import { DictChildren } from './DictChildren.tsx';
import { dictParentResource, SYSTEM_DICT } from './dict-resources.ts';

/**
 * /dict-horizontal/index and /dict-vertical/index: the system dictionaries beside (or above) the
 * items of the one clicked.
 */
export function DictLayoutPage({ layout }: { layout: 'horizontal' | 'vertical' }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<Row | null>(null);
  const resource = useMemo(() => dictParentResource(SYSTEM_DICT), []);
  const span = layout === 'horizontal' ? [10, 14] : [24, 24];
  return (
    <Grid gutter={[16, 16]}>
      <Col span={span[0]}>
        <Card title={t('dict.parents')} size="small">
          <CrudPage resource={resource} onRowClick={setParent} />
        </Card>
      </Col>
      <Col span={span[1]}>
        <Card title={parent ? t('dict.itemsOf', { name: parent.dictValue }) : t('dict.items')} size="small">
          <DictChildren source={SYSTEM_DICT} parent={parent} />
        </Card>
      </Col>
    </Grid>
  );
}
