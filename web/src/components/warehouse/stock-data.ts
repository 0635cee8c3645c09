import { useQueries, useQuery } from '@tanstack/react-query';
import { queriesOpen } from '../../app/query-client.ts';
import { getData, rowsOf } from '../crud/api.ts';
import type { Row } from '../crud/types.ts';

/**
 * The enabled materials with what a line needs (code, name, unit, reference price). Keyed under
 * `options` so that any screen's reload (a material added or disabled) reads them again.
 */
export function useMaterialRows(): Map<string, Row> {
  const { data } = useQuery({
    queryKey: ['options', 'material-rows'],
    queryFn: () => getData<unknown>('/warehouse/materialscode/select', { status: 1 }).then(rowsOf),
    staleTime: 60_000,
  });
  return new Map((data ?? []).map((r) => [String(r.id), r]));
}

/**
 * The stock row of each material at exactly this device (`_equal`: the plain parameter takes in the
 * devices below), or null where there is none. Keyed under the materials screen's list, so its
 * reloads count again; undefined while unknown.
 */
export function useStockAt(deviceId: string | undefined, materialIds: readonly string[]): Map<string, Row | null> {
  const results = useQueries({
    queries: materialIds.map((materialCodeId) => ({
      queryKey: ['crud', '/warehouse/materials', 'at', deviceId, materialCodeId],
      queryFn: () =>
        getData<unknown>('/warehouse/materials/list', {
          deviceId_equal: deviceId,
          materialCodeId_equal: materialCodeId,
        }).then((answer) => rowsOf(answer)[0] ?? null),
      enabled: () => Boolean(deviceId) && queriesOpen(),
    })),
  });
  const stock = new Map<string, Row | null>();
  materialIds.forEach((id, i) => {
    const data = results[i]?.data;
    if (data !== undefined) stock.set(id, data);
  });
  return stock;
}
