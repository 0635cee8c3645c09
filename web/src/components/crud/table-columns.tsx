import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { FieldValue } from './FieldInput.tsx';
import type { Can } from './permissions.ts';
import type { CrudContext, CrudResource, Row } from './types.ts';

interface Options {
  resource: CrudResource;
  can: Can;
  ctx: CrudContext;
  t: TFunction;
  /** The field columns shown (the column menu's choice). */
  shown: ReadonlySet<string>;
  /** Rows before this page, for the index column. */
  offset: number;
  onView(row: Row): void;
  onEdit(row: Row): void;
  onRemove(row: Row): void;
}

// Link buttons take colorLink: the theme (appearance.ts) makes it the chosen colour at AA contrast on
// every theme's surfaces, where colorPrimary is the fill behind white text (too dark on the dark theme).
const LINK = { type: 'link', size: 'small' } as const;

/** The index column, the fields shown in the table, and the row's buttons the caller may use. */
export function buildColumns({
  resource,
  can,
  ctx,
  t,
  shown,
  offset,
  onView,
  onEdit,
  onRemove,
}: Options): ColumnsType<Row> {
  const index = { title: '#', key: '__index', width: 60, render: (_v: unknown, _r: Row, i: number) => offset + i + 1 };
  const fields = resource.fields
    .filter((f) => f.column !== false && shown.has(f.name))
    .map((f) => ({
      title: t(f.label),
      dataIndex: f.name,
      key: f.name,
      width: f.width,
      sorter: f.sortable ? true : undefined,
      render: (value: unknown, row: Row) => {
        const shown = f.render ? f.render(value, row) : <FieldValue field={f} value={value} />;
        // Long text takes two lines of a bounded width, whole in its tooltip and in the view dialog:
        // with the table fitting its card, an unbounded cell would take the width of its whole text.
        return f.type === 'textarea' && value ? (
          <div className="cw-cell-long" title={String(value)}>
            {shown}
          </div>
        ) : (
          shown
        );
      },
    }));
  const extra = (resource.rowActions ?? []).filter((a) => can.has(a.permission));
  const showView = can.view && resource.view !== false;
  if (!showView && !can.edit && !can.delete && !extra.length) return [index, ...fields];
  const actions = {
    title: t('crud.actions'),
    key: '__actions',
    fixed: 'right' as const,
    render: (_v: unknown, row: Row) => (
      <Space size={0} wrap>
        {showView && (
          <Button {...LINK} onClick={() => onView(row)}>
            {t('crud.view')}
          </Button>
        )}
        {can.edit && (
          <Button {...LINK} onClick={() => onEdit(row)}>
            {t('crud.edit')}
          </Button>
        )}
        {can.delete && (
          <Button {...LINK} danger onClick={() => onRemove(row)}>
            {t('crud.delete')}
          </Button>
        )}
        {extra
          .filter((a) => !a.visible || a.visible(row))
          .map((a) => (
            <Button key={a.label} {...LINK} onClick={() => a.onClick(row, ctx)}>
              {t(a.label)}
            </Button>
          ))}
      </Space>
    ),
  };
  return [index, ...fields, actions];
}
