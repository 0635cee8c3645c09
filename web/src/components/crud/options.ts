import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queriesOpen } from '../../app/query-client.ts';
import { getData, rowsOf } from './api.ts';
import type { OptionSource } from './types.ts';

/** A choice as selects, radios and cells use it. Values are strings: dictionary keys are. */
export interface Option {
  label: string;
  value: string;
}

/** A tree choice as TreeSelect (and Tree, by `key`) takes it. */
export interface TreeOption {
  title: string;
  value: string;
  key: string;
  children?: TreeOption[];
}

interface DictItem {
  dictKey: string;
  dictValue: string;
}
interface TreeNode {
  id: string;
  title: string;
  value?: string;
  children?: TreeNode[];
}

const toTree = (nodes: TreeNode[]): TreeOption[] =>
  nodes.map((n) => ({
    title: n.title,
    value: String(n.value ?? n.id),
    key: String(n.value ?? n.id),
    children: n.children?.length ? toTree(n.children) : undefined,
  }));

const flatten = (nodes: TreeOption[]): Option[] =>
  nodes.flatMap((n) => [{ label: n.title, value: n.value }, ...flatten(n.children ?? [])]);

function fetchSource(source: OptionSource): Promise<{ options: Option[]; tree: TreeOption[] | null }> {
  if ('items' in source) return Promise.resolve({ options: [], tree: null });
  if ('dict' in source || 'dictBiz' in source) {
    const [url, code] =
      'dict' in source
        ? ['/blade-system/dict/dictionary', source.dict]
        : ['/blade-system/dict-biz/dictionary', source.dictBiz];
    const prefix = ('prefix' in source && source.prefix) || '';
    return getData<DictItem[]>(url, { code }).then((items) => ({
      options: (items ?? []).map((i) => ({ label: i.dictValue, value: `${prefix}${i.dictKey}` })),
      tree: null,
    }));
  }
  if ('tree' in source) {
    return getData<TreeNode[]>(source.tree, source.params).then((nodes) => {
      const tree = toTree(nodes ?? []);
      return { options: flatten(tree), tree };
    });
  }
  return getData<unknown>(source.url, { size: 1000, ...source.params }).then((answer) => ({
    options: rowsOf(answer).map((r) => ({
      label: [source.label]
        .flat()
        .map((name) => String(r[name] ?? ''))
        .join(' '),
      value: String(r[source.value]),
    })),
    tree: null,
  }));
}

/** The key that shares one fetch between every field and screen naming the same source. */
export const optionsKey = (source: OptionSource | undefined) => ['options', JSON.stringify(source ?? null)];

/**
 * The choices of a field. System dictionary labels are shown in the user's language where the
 * client has a translation (`dictionary.<code>.<key>`); business dictionaries are the tenant's own words.
 */
export function useOptions(source: OptionSource | undefined): {
  options: Option[];
  tree: TreeOption[] | null;
  /** The remote choices are not here yet: a cell shows nothing rather than a raw key. */
  loading?: boolean;
} {
  const { t } = useTranslation();
  const remote = source !== undefined && !('items' in source);
  const { data } = useQuery({
    queryKey: optionsKey(source),
    queryFn: () => fetchSource(source as OptionSource),
    // not between the end of a session and the next sign-in (query-client.ts)
    enabled: () => remote && queriesOpen(),
    staleTime: 60_000,
  });
  if (!source) return { options: [], tree: null };
  if ('items' in source)
    return { options: source.items.map((i) => ({ label: t(i.label), value: String(i.value) })), tree: null };
  if (!data) return { options: [], tree: null, loading: true };
  const { options } = data;
  if ('dict' in source) {
    const prefix = source.prefix ?? '';
    const translated = options.map((o) => ({
      ...o,
      label: t(`dictionary.${source.dict}.${o.value.slice(prefix.length)}`, { defaultValue: o.label }),
    }));
    return { options: translated, tree: null };
  }
  if ('url' in source && source.first) {
    return { options: [...source.first.map((i) => ({ label: t(i.label), value: i.value })), ...options], tree: null };
  }
  return { options, tree: data.tree };
}
