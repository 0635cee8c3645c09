import { useCallback, useMemo, useState } from 'react';
import { crudApi } from '../crud/api.ts';
import { CrudPage } from '../crud/CrudPage.tsx';
import type { CrudResource, FieldSpec, Row } from '../crud/types.ts';
import { LogDrawer } from './LogDrawer.tsx';
import './log.css';

export interface LogScreen {
  /** `/blade-log/api`, ... */
  api: string;
  /** The view button's code (`log_api_view`). */
  viewCode: string;
  /** Columns and search fields of the list. */
  fields: readonly FieldSpec[];
  /** What the drawer shows beyond the columns (long texts, the agent, the parameters). */
  detailFields: readonly FieldSpec[];
  /** Fields of the drawer shown as blocks of text. */
  blocks: readonly string[];
  /** Where the sign-in time filter goes when it is not createTime (the sessions' loginTime). */
  timeRange?: CrudResource['createTimeRange'];
  toolbar?: CrudResource['toolbar'];
  rowActions?: CrudResource['rowActions'];
  /**
   * Search fields matched whole (`remoteIp_equal`) rather than by a part: an address is rare among a
   * million rows, and whole it is found through its index at once.
   */
  exact?: readonly string[];
  /** The drawer's title, a message key. */
  title: string;
}

/** The list call, with the exact fields' filters sent with `_equal`. */
function listWithExact(api: string, exact: readonly string[]) {
  const { list } = crudApi({ api, listPath: 'list' });
  return (query: Record<string, unknown>) =>
    list(Object.fromEntries(Object.entries(query).map(([k, v]) => [exact.includes(k) ? `${k}_equal` : k, v])));
}

/**
 * A log screen: the list (paged and filtered on the server, newest first, read only) on the CRUD
 * mechanism, and each row's detail in a drawer beside it.
 */
export function LogPage({ screen }: { screen: LogScreen }) {
  const [open, setOpen] = useState<Row | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      api: screen.api,
      listPath: 'list',
      permissions: {},
      view: false,
      createTimeRange: screen.timeRange ?? true,
      fields: screen.fields,
      toolbar: screen.toolbar,
      calls: screen.exact && { list: listWithExact(screen.api, screen.exact) },
      rowActions: [
        { label: 'crud.view', permission: screen.viewCode, onClick: (row) => setOpen(row) },
        ...(screen.rowActions ?? []),
      ],
    }),
    [screen],
  );
  const detail = useMemo(() => crudApi(resource).detail, [resource]);
  const close = useCallback(() => setOpen(null), []);
  return (
    <>
      <CrudPage resource={resource} />
      <LogDrawer
        row={open}
        fields={[...screen.fields, ...screen.detailFields]}
        detail={detail}
        blocks={screen.blocks}
        title={screen.title}
        onClose={close}
      />
    </>
  );
}
