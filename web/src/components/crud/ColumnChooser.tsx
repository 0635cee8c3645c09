import { Button, Checkbox, Popover } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStore, setStore } from '../../app/storage.ts';
import type { CrudResource, FieldSpec } from './types.ts';

const storeKey = (resource: CrudResource) => `crud-columns:${resource.api}`;
const choosable = (resource: CrudResource) => resource.fields.filter((f) => f.column !== false);

/** The names of the columns shown at first: every column but the optional ones. */
const defaults = (fields: FieldSpec[]) => fields.filter((f) => f.column !== 'optional').map((f) => f.name);

/**
 * The table's columns a person chose to see (spec §2's list screen, the column menu of avue-crud):
 * every field column, the optional ones off until chosen, so a wide screen fits its card. The
 * choice is kept per screen in this browser.
 */
export function useColumnChooser(resource: CrudResource): { shown: ReadonlySet<string>; chooser: ReactNode } {
  const { t } = useTranslation();
  const fields = choosable(resource);
  const [shown, setShown] = useState<string[]>(() => getStore<string[]>(storeKey(resource)) ?? defaults(fields));
  const choose = (names: string[]) => {
    setShown(names);
    setStore(storeKey(resource), names);
  };
  if (!fields.some((f) => f.column === 'optional')) return { shown: new Set(fields.map((f) => f.name)), chooser: null };
  const menu = (
    <Checkbox.Group
      value={shown}
      onChange={(names) => choose(names as string[])}
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      options={fields.map((f) => ({ label: t(f.label), value: f.name }))}
    />
  );
  return {
    shown: new Set(shown),
    chooser: (
      <Popover trigger="click" placement="bottomRight" content={menu} title={t('crud.columnsTitle')}>
        <Button>{t('crud.columns')}</Button>
      </Popover>
    ),
  };
}
