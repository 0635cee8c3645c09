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

/**
 * Nests flat rows by parent id, keeping their order. A row whose parent is not among the rows
 * becomes a root, so a subtree (or a tree limited by grants) still comes out whole.
 */
export function buildTree(
  rows: readonly { id: string; parentId: string; title: string; [extra: string]: unknown }[],
): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const row of rows) {
    nodes.set(String(row.id), {
      ...row,
      id: String(row.id),
      parentId: String(row.parentId),
      key: String(row.id),
      value: String(row.id),
      hasChildren: false,
    });
  }
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
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
