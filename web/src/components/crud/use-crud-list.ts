import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { crudApi, listPathOf, type Page, rowsOf } from './api.ts';
import type { CrudResource, Row } from './types.ts';

export const PAGE_SIZES = [10, 30, 50, 100, 200];

export interface ListState {
  current: number;
  size: number;
  sort?: { field: string; order: 'ascend' | 'descend' };
  filters: Row;
}

/**
 * Rows with their loaded children attached; a node not yet expanded gets `[]` so it shows as
 * expandable. A search answers rows already nested: while it is on, those children (the matches)
 * come before any read earlier, which come back when the search is cleared.
 */
function attachChildren(rows: Row[], childrenOf: Record<string, Row[]>, searching: boolean): Row[] {
  return rows.map((row) => {
    const answered = row.children as Row[] | undefined;
    const read = childrenOf[String(row.id)];
    const loaded = searching ? (answered?.length ? answered : read) : (read ?? answered);
    if (loaded?.length) return { ...row, children: attachChildren(loaded, childrenOf, searching) };
    return row.hasChildren ? { ...row, children: [] } : { ...row, children: undefined };
  });
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A whole tree as the server answers it, leaves without the empty `children` that would make them expandable. */
const pruneLeaves = (rows: Row[]): Row[] =>
  rows.map((row) => {
    const children = row.children as Row[] | undefined;
    return { ...row, children: children?.length ? pruneLeaves(children) : undefined };
  });

/** The rows of a screen: paged, whole tree, or lazy tree, with its query state and a reload. */
export function useCrudList(resource: CrudResource, fixedParams: Row | undefined) {
  const api = useMemo(() => crudApi(resource), [resource]);
  const mode = resource.mode ?? 'page';
  const [state, setState] = useState<ListState>({ current: 1, size: PAGE_SIZES[0] as number, filters: {} });
  const [childrenOf, setChildrenOf] = useState<Record<string, Row[]>>({});
  const queryClient = useQueryClient();

  const searching = Object.values(state.filters).some(isSet);
  const params = useMemo(() => {
    const { sort, filters } = state;
    const sortParam = sort ? { [sort.order === 'ascend' ? 'ascs' : 'descs']: sort.field } : {};
    const paging = mode === 'page' ? { current: state.current, size: state.size } : {};
    // A lazy list reads the roots level by level; a search (no parentId) looks through the whole tree.
    const root = mode === 'lazy' && !searching ? { parentId: 0 } : {};
    return { ...root, ...paging, ...sortParam, ...filters, ...fixedParams };
  }, [state, mode, fixedParams, searching]);

  const key = ['crud', resource.api, listPathOf(resource), params];
  const query = useQuery({ queryKey: key, queryFn: () => api.list(params), placeholderData: keepPreviousData });

  const childrenOfParent = useCallback(
    async (parentId: string) => rowsOf(await api.list({ ...fixedParams, parentId })),
    [api, fixedParams],
  );
  const loadChildren = useCallback(
    async (row: Row) => {
      const children = await childrenOfParent(String(row.id));
      setChildrenOf((all) => ({ ...all, [String(row.id)]: children }));
    },
    [childrenOfParent],
  );

  // Rows stay expanded across a reload (the table keeps them open): read their children again.
  const loaded = useRef(childrenOf);
  loaded.current = childrenOf;
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['crud', resource.api] });
    void queryClient.invalidateQueries({ queryKey: ['options'] });
    const parents = Object.keys(loaded.current);
    void Promise.all(parents.map(childrenOfParent))
      .then((lists) => setChildrenOf(Object.fromEntries(parents.map((id, i) => [id, lists[i] ?? []]))))
      .catch(() => setChildrenOf({}));
  }, [queryClient, resource.api, childrenOfParent]);

  const rows = rowsOf(query.data);
  return {
    api,
    state,
    setState,
    rows: mode === 'lazy' ? attachChildren(rows, childrenOf, searching) : mode === 'tree' ? pruneLeaves(rows) : rows,
    total: mode === 'page' ? ((query.data as Page<Row> | undefined)?.total ?? 0) : rows.length,
    totalCapped: mode === 'page' && (query.data as Page<Row> | undefined)?.totalCapped === true,
    unavailable: mode === 'page' ? ((query.data as Page<Row> | undefined)?.unavailable ?? []) : [],
    loading: query.isFetching,
    loadChildren,
    reload,
  };
}
