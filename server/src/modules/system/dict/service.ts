import { buildTree, type Nested, nest, type TreeNode } from '../../../platform/crud/tree.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import type { Page } from '../../../platform/http/query.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { dictBizResource } from '../dict-biz/resource.ts';
import { dictMessages as m } from './messages.ts';
import { type DictItem, type DictRecord, type DictWhere, dictRepository } from './repository.ts';
import { type DictionaryResource, dictResource } from './resource.ts';
import { type DictPageQuery, type DictSubmitBody, dictItemInput, dictRootInput } from './schema.ts';

const ROOT_KEY = '-1';
// Saber's client asks `tree?code=DICT` for every dictionary (BladeX ignores the code of `tree`).
const ALL_CODES = 'DICT';

/** The rules of one dictionary table; every call works inside the caller's tenant transaction. */
export function dictService(resource: DictionaryResource) {
  const repo = dictRepository(resource);

  /** A unique index that fired despite the check (two writers at once) answers the same 409. */
  async function guarded<T>(write: () => Promise<T>, key: string, params: Record<string, unknown>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === '23505' && constraint === resource.uniqueIndex) throw conflict(key, params);
      throw error;
    }
  }

  async function saveRoot(trx: AnyTrx, tenantId: string, body: DictSubmitBody, existing?: DictRecord) {
    const values = (existing ? dictRootInput.partial() : dictRootInput).parse(body);
    if (values.parentId !== undefined && values.parentId !== '0') throw badRequest(m['dict.parentId.levelFixed']);
    const code = values.code ?? existing!.code;
    if (await repo.keyTaken(trx, tenantId, code, ROOT_KEY, existing?.id)) {
      throw conflict(m['dict.code.exists'], { code });
    }
    const columns = { ...columnsOf(values), code, parent_id: '0', dict_key: ROOT_KEY };
    const write = async () => {
      if (!existing) return repo.insert(trx, tenantId, columns);
      await repo.update(trx, tenantId, existing.id, columns);
      if (code !== existing.code) await repo.renameItems(trx, tenantId, existing.code, code);
      return existing.id;
    };
    return guarded(write, m['dict.code.exists'], { code });
  }

  async function saveItem(trx: AnyTrx, tenantId: string, body: DictSubmitBody, existing?: DictRecord) {
    const values = (existing ? dictItemInput.partial() : dictItemInput).parse(body);
    if (values.parentId === '0') throw badRequest(m['dict.parentId.levelFixed']);
    const parentId = values.parentId ?? existing!.parentId;
    const parent = await repo.find(trx, tenantId, parentId);
    if (!parent) throw badRequest('error.tree.parentMissing');
    if (existing && parent.code !== existing.code) throw badRequest(m['dict.parentId.otherDictionary']);
    if (existing && parentId !== existing.parentId) await assertNotBelow(trx, tenantId, existing, parentId);
    const { code } = parent;
    const dictKey = values.dictKey ?? existing!.dictKey;
    if (await repo.keyTaken(trx, tenantId, code, dictKey, existing?.id)) {
      throw conflict(m['dict.dictKey.exists'], { code, dictKey });
    }
    const columns = { ...columnsOf(values), code, parent_id: parentId, dict_key: dictKey };
    const write = async () => {
      if (!existing) return repo.insert(trx, tenantId, columns);
      await repo.update(trx, tenantId, existing.id, columns);
      return existing.id;
    };
    return guarded(write, m['dict.dictKey.exists'], { code, dictKey });
  }

  /** An item cannot move below itself: walk up from the new parent. */
  async function assertNotBelow(trx: AnyTrx, tenantId: string, item: DictRecord, parentId: string) {
    const links = await repo.links(trx, tenantId, item.code);
    let at = parentId;
    for (let depth = 0; at !== '0' && depth < 100; depth++) {
      if (at === item.id) throw badRequest('error.tree.cycle');
      at = links.get(at) ?? '0';
    }
  }

  return {
    /**
     * BladeX's `list`: every row the filters match, by `sort`, nested by parent as an array tree (a row
     * whose parent is not among them is a root). Not paged; the screens page with parent-list and child-list.
     */
    list: async (trx: AnyTrx, tenantId: string, query: Record<string, unknown>): Promise<Nested<DictRecord>[]> =>
      nest(await repo.all(trx, tenantId, query)),

    /** The dictionaries (roots), paged. */
    parentList: (trx: AnyTrx, tenantId: string, query: DictPageQuery): Promise<Page<DictRecord>> =>
      repo.page(trx, tenantId, query, (eb) => [eb('d.parent_id', '=', '0')], ['d.sort']),

    /** The items of one dictionary, at any depth, paged; the dictionary must be a live root of the tenant. */
    async childList(trx: AnyTrx, tenantId: string, query: DictPageQuery & { parentId: string }) {
      const { parentId, ...filters } = query;
      const root = await repo.find(trx, tenantId, parentId);
      if (root?.parentId !== '0') throw notFound();
      const where: DictWhere = (eb) => [eb('d.code', '=', root.code), eb('d.parent_id', '<>', '0')];
      return repo.page(trx, tenantId, filters, where, ['d.sort']);
    },

    async detail(trx: AnyTrx, tenantId: string, id: string): Promise<DictRecord> {
      const record = await repo.find(trx, tenantId, id);
      if (!record) throw notFound();
      return record;
    },

    /** Every dictionary with its items, or one dictionary, as tree nodes. */
    async tree(trx: AnyTrx, tenantId: string, code?: string): Promise<TreeNode[]> {
      const only = !code || code === ALL_CODES ? {} : { code };
      return buildTree(await repo.treeRows(trx, tenantId, only));
    },

    async parentTree(trx: AnyTrx, tenantId: string): Promise<TreeNode[]> {
      return buildTree(await repo.treeRows(trx, tenantId, { roots: true }));
    },

    dictionary: (trx: AnyTrx, tenantId: string, code: string): Promise<DictItem[]> => repo.items(trx, tenantId, code),

    async dictionaryTree(trx: AnyTrx, tenantId: string, code: string): Promise<TreeNode[]> {
      const items = await repo.items(trx, tenantId, code);
      return buildTree(items.map((item) => ({ ...item, title: item.dictValue })));
    },

    /**
     * Inserts without an id, updates with one (only the fields sent). A root keeps parent 0 and key '-1', and
     * renaming its code renames its items'; an item takes its parent's code and stays in its dictionary.
     */
    async submit(trx: AnyTrx, tenantId: string, body: DictSubmitBody): Promise<DictRecord> {
      const existing = body.id ? await repo.find(trx, tenantId, body.id) : undefined;
      if (body.id && !existing) throw notFound();
      const isRoot = (existing ? existing.parentId : (body.parentId ?? '0')) === '0';
      const id = isRoot ? await saveRoot(trx, tenantId, body, existing) : await saveItem(trx, tenantId, body, existing);
      return (await repo.find(trx, tenantId, id))!;
    },

    /** All or nothing: an unknown id, or a row with children that stay, refuses the whole call. */
    async remove(trx: AnyTrx, tenantId: string, ids: string[]): Promise<void> {
      const found = await repo.liveIds(trx, tenantId, ids);
      const missing = ids.filter((id) => !found.includes(id));
      if (missing.length) throw notFound('error.notFound.records', { ids: missing.join(',') });
      if (await repo.hasChildOutside(trx, tenantId, ids)) throw badRequest('error.tree.hasChildren');
      await repo.softDelete(trx, tenantId, ids);
    },
  };
}

function columnsOf(values: { dictValue?: string; sort?: number; isSealed?: 0 | 1; remark?: string | null }) {
  const columns: Record<string, unknown> = {
    dict_value: values.dictValue,
    sort: values.sort,
    is_sealed: values.isSealed,
    remark: values.remark,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

const systemDicts = dictRepository(dictResource);
const businessDicts = dictRepository(dictBizResource);

/** Key to label of a system dictionary's items (e.g. scope types), for answers that show names. */
export async function dictLabels(trx: AnyTrx, code: string): Promise<Map<string, string>> {
  const items = await systemDicts.items(trx, '', code);
  return new Map(items.map((item) => [item.dictKey, item.dictValue]));
}

/** Key to label of one of a tenant's business dictionaries (e.g. material units). */
export async function bizDictLabels(trx: AnyTrx, tenantId: string, code: string): Promise<Map<string, string>> {
  const items = await businessDicts.items(trx, tenantId, code);
  return new Map(items.map((item) => [item.dictKey, item.dictValue]));
}
