import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { crudApi, type Page, rowsOf } from './api.ts';
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
 * expandable. A search answers rows already nested: their children stay.
 */
function attachChildren(rows: Row[], childrenOf: Record<string, Row[]>): Row[] {
  return rows.map((row) => {
    const loaded = childrenOf[String(row.id)] ?? (row.children as Row[] | undefined);
    if (loaded?.length) return { ...row, children: attachChildren(loaded, childrenOf) };
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

  const params = useMemo(() => {
    const { sort, filters } = state;
    const sortParam = sort ? { [sort.order === 'ascend' ? 'ascs' : 'descs']: sort.field } : {};
    const paging = mode === 'page' ? { current: state.current, size: state.size } : {};
    // A lazy list reads the roots level by level; a search (no parentId) looks through the whole tree.
    const root = mode === 'lazy' && !Object.values(filters).some(isSet) ? { parentId: 0 } : {};
    return { ...root, ...paging, ...sortParam, ...filters, ...fixedParams };
  }, [state, mode, fixedParams]);

  // A new search starts from its own answer, not from children read before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setChildrenOf({}), [state.filters]);

  const key = ['crud', resource.api, params];
  const query = useQuery({ queryKey: key, queryFn: () => api.list(params), placeholderData: keepPreviousData });

  const loadChildren = useCallback(
    async (row: Row) => {
      const children = rowsOf(await api.list({ ...fixedParams, parentId: row.id }));
      setChildrenOf((all) => ({ ...all, [String(row.id)]: children }));
    },
    [api, fixedParams],
  );

  // Expanded rows stay expanded after a change: their children are read again.
  const childrenRef = useRef(childrenOf);
  childrenRef.current = childrenOf;
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['crud', resource.api] });
    void queryClient.invalidateQueries({ queryKey: ['options'] });
    const expanded = Object.keys(childrenRef.current);
    void Promise.all(
      expanded.map(async (id) => [id, rowsOf(await api.list({ ...fixedParams, parentId: id }))] as const),
    )
      .then((entries) => setChildrenOf(Object.fromEntries(entries)))
      .catch(() => undefined);
  }, [queryClient, resource.api, api, fixedParams]);

  const rows = rowsOf(query.data);
  return {
    api,
    state,
    setState,
    rows: mode === 'lazy' ? attachChildren(rows, childrenOf) : mode === 'tree' ? pruneLeaves(rows) : rows,
    total: mode === 'page' ? ((query.data as Page<Row> | undefined)?.total ?? 0) : rows.length,
    loading: query.isFetching,
    loadChildren,
    reload,
  };
}
