import { Alert, App, Button, Card, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { cloneElement, isValidElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnChooser } from './ColumnChooser.tsx';
import { usePermissions } from './permissions.ts';
import { type DialogMode, RecordDialog } from './RecordDialog.tsx';
import { SearchBar } from './SearchBar.tsx';
import { buildColumns } from './table-columns.tsx';
import type { CrudContext, CrudResource, Row } from './types.ts';
import { PAGE_SIZES, useCrudList } from './use-crud-list.ts';

interface Props {
  resource: CrudResource;
  /** Filters every list call carries (a selected dept, the menu whose scopes are shown). */
  fixedParams?: Row;
  /** Values a new record starts with besides the fields' own (the menu a scope belongs to). */
  fixedValues?: Row;
  /** Content above the table, beside the toolbar. */
  extra?: ReactNode;
  /** What the add button does instead of opening the dialog (warn that a parent must be chosen first). */
  onAdd?: (ctx: CrudContext) => void;
  /** A click on a row (a dictionary's row shows its items). */
  onRowClick?: (row: Row) => void;
}

/**
 * The standard list screen of spec §2 over one resource: search with a createTime range, toolbar,
 * index and selection columns, view / edit / delete by permission, server paging (10/30/50/100/200)
 * and sorting, and the record dialog. A screen is its `CrudResource` declaration.
 */
export function CrudPage({ resource, fixedParams, fixedValues, extra, onAdd, onRowClick }: Props) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useCrudList(resource, fixedParams);
  const can = usePermissions(resource.permissions);
  const columnChoice = useColumnChooser(resource);
  const [selected, setSelected] = useState<Row[]>([]);
  const [dialog, setDialog] = useState<{ mode: DialogMode; record: Row | null } | null>(null);
  const mode = resource.mode ?? 'page';
  const keyOf = (row: Row) => String(row[resource.rowKey ?? 'id']);
  const open = async (dialogMode: DialogMode, row?: Row) => {
    if (!row?.id) return setDialog({ mode: dialogMode, record: { ...fixedValues, ...row } });
    const detail = await list.api.detail(String(row.id));
    setDialog({ mode: dialogMode, record: resource.fromRecord ? resource.fromRecord(detail) : detail });
  };
  const ctx: CrudContext = {
    selected,
    filters: { ...list.state.filters, ...fixedParams },
    reload: list.reload,
    add: (values) => void open('add', values),
  };

  const confirmRemove = (ids: string[]) =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.confirmDelete'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        // A refusal (a node with children, a role in use) closes the confirm too; the client has shown why.
        try {
          await list.api.remove(ids);
          void message.success(t('crud.deleted'));
          setSelected([]);
        } catch {
          // shown by the client
        }
        list.reload();
      },
    });

  const removeSelected = () => {
    if (!selected.length) return void message.warning(t('crud.selectOne'));
    confirmRemove(selected.map((r) => String(r.id)));
  };

  const columns: ColumnsType<Row> = buildColumns({
    resource,
    can,
    ctx,
    t,
    shown: columnChoice.shown,
    offset: mode === 'page' ? (list.state.current - 1) * list.state.size : 0,
    onView: (row) => void open('view', row).catch(() => undefined),
    onEdit: (row) => void open('edit', row).catch(() => undefined),
    onRemove: (row) => confirmRemove([String(row.id)]),
  });

  const toolbarActions = resource.toolbar?.filter((a) => can.has(a.permission)) ?? [];
  // Selection boxes only where something acts on a selection (spec §2's bulk delete, a toolbar action).
  const selectable = can.delete || toolbarActions.some((a) => a.needsSelection);
  const hasToolbar =
    can.add || can.delete || toolbarActions.length > 0 || Boolean(extra) || Boolean(columnChoice.chooser);
  const toolbar = (
    <Space wrap>
      {can.add && (
        <Button type="primary" onClick={() => (onAdd ? onAdd(ctx) : void open('add'))}>
          {t('crud.add')}
        </Button>
      )}
      {can.delete && (
        <Button danger onClick={removeSelected}>
          {t('crud.delete')}
        </Button>
      )}
      {toolbarActions.map((a) => (
        <Button
          key={a.label}
          danger={a.danger}
          onClick={() =>
            a.needsSelection && !selected.length ? void message.warning(t('crud.selectOne')) : a.onClick(ctx)
          }
        >
          {t(a.label)}
        </Button>
      ))}
      {extra}
    </Space>
  );

  return (
    <Card variant="borderless">
      <SearchBar
        fields={resource.fields}
        createTimeRange={resource.createTimeRange ?? mode === 'page'}
        onSearch={(filters) => list.setState((s) => ({ ...s, current: 1, filters }))}
      />
      {hasToolbar && (
        <div style={{ marginBottom: 16, display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          {toolbar}
          {columnChoice.chooser}
        </div>
      )}
      {list.unavailable.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('crud.unavailable', { names: list.unavailable.join(', ') })}
        />
      )}
      <Table<Row>
        // a lazy tree starts collapsed again with each search (rows expanded before may be gone)
        key={mode === 'lazy' ? JSON.stringify(list.state.filters) : undefined}
        rowKey={keyOf}
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        // The table fits its card while every column can keep its longest word (a Chinese name is one,
        // index.html), and scrolls under the fixed actions column only when even that does not fit.
        // antd fixes the layout of a table with a fixed column, which shares the width out evenly and
        // clips: auto lets the content decide. (max-content, every cell on one line, left 1477 px of
        // 库存物资 in English in a 1130 px card, its last columns under the actions column.)
        scroll={{ x: true }}
        tableLayout="auto"
        className="cw-crud-table"
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.map(keyOf),
                onChange: (_k, rows) => setSelected(rows),
                // antd labels these boxes in English whatever the language
                getTitleCheckboxProps: () => ({ 'aria-label': t('crud.selectAll') }),
                getCheckboxProps: () => ({ 'aria-label': t('crud.selectRow') }),
              }
            : undefined
        }
        onRow={onRowClick && ((row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }))}
        expandable={{
          // A tree's indent and expanders go in the first data column, not in "#"
          // (antd counts the selection column here, then takes one off for it).
          expandIconColumnIndex: selectable ? 3 : 1,
          // Rows a search answered come with their children; the others are read when opened.
          onExpand:
            mode === 'lazy'
              ? (open, row) => open && !(row.children as Row[] | undefined)?.length && void list.loadChildren(row)
              : undefined,
        }}
        pagination={
          mode === 'page'
            ? {
                current: list.state.current,
                pageSize: list.state.size,
                total: list.total,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
                itemRender: jumpAsButton,
                showTotal: (total) =>
                  list.totalCapped
                    ? t('crud.totalCapped', { total: total.toLocaleString(i18n.language) })
                    : t('crud.total', { total }),
              }
            : false
        }
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          list.setState((s) => ({
            ...s,
            current: pagination.current ?? 1,
            size: pagination.pageSize ?? s.size,
            sort: one?.order ? { field: String(one.field), order: one.order } : undefined,
          }));
        }}
      />
      {dialog && (
        <RecordDialog
          mode={dialog.mode}
          record={dialog.record}
          fields={resource.fields}
          width={resource.dialogWidth ?? 880}
          onSubmit={(values) => {
            const editing = dialog.mode === 'edit' ? dialog.record : null;
            const body = editing ? { ...values, id: editing.id } : { ...fixedValues, ...values };
            return list.api.submit(resource.toSubmit ? resource.toSubmit(body, editing) : body).then((answer) => {
              list.reload();
              resource.afterSave?.((answer ?? {}) as Row);
            });
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

/**
 * antd labels the "5 pages on" links (shown past 7 pages) with aria-label on a plain `<a>`, which
 * axe refuses (aria-prohibited-attr): they act as buttons, so they say so.
 */
function jumpAsButton(_page: number, type: string, element: ReactNode): ReactNode {
  const jump = type === 'jump-prev' || type === 'jump-next';
  return jump && isValidElement(element)
    ? cloneElement(element as React.ReactElement<{ role?: string }>, { role: 'button' })
    : element;
}
