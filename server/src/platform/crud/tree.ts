/** A node of BladeX's tree answers (`tree`, `lazy-tree`, `listTree`, grant trees). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
  [extra: string]: unknown;
}

export type Nested<T> = T & { hasChildren: boolean; children?: Nested<T>[] };

/**
 * Nests flat rows by parent id, keeping their order. A row whose parent is not among the rows
 * becomes a root, so a subtree (or a tree limited by grants) still comes out whole.
 */
export function nest<T extends { id: string; parentId: string; hasChildren?: boolean }>(
  rows: readonly T[],
): Nested<T>[] {
  const nodes = new Map<string, Nested<T>>();
  for (const row of rows) nodes.set(String(row.id), { ...row, hasChildren: row.hasChildren ?? false } as Nested<T>);
  const roots: Nested<T>[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(String(node.parentId));
    if (parent && parent !== node) {
      parent.children ??= [];
      parent.children.push(node);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** Rows as BladeX tree nodes: `key` and `value` are the id, nested by parent. */
export function buildTree(
  rows: readonly { id: string; parentId: string; title: string; [extra: string]: unknown }[],
): TreeNode[] {
  return nest(
    rows.map((row) => ({
      ...row,
      id: String(row.id),
      parentId: String(row.parentId),
      key: String(row.id),
      value: String(row.id),
      hasChildren: false,
    })),
  ) as TreeNode[];
}
