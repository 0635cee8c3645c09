import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../crud/CrudPage.tsx';
import type { Row } from '../crud/types.ts';
import { type DictSource, dictChildResource } from './dict-resources.ts';

interface Props {
  source: DictSource;
  /** The dictionary whose items are listed; null until one is chosen. */
  parent: Row | null;
}

/** The items of one dictionary; adding one before a dictionary is chosen only says to choose one. */
export function DictChildren({ source, parent }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const parentId = parent ? String(parent.id) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new resource for another dictionary only, not every row object
  const resource = useMemo(() => dictChildResource(source, parent), [source, parentId]);
  const fixed = useMemo(() => (parentId ? { parentId } : undefined), [parentId]);
  return (
    <CrudPage
      resource={resource}
      fixedParams={fixed}
      fixedValues={fixed}
      onAdd={parentId ? undefined : () => void message.warning(t('dict.chooseParent'))}
    />
  );
}
