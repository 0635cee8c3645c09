/** A node of the grant trees as `menu/grant-tree` answers them. */
export interface GrantNode {
  id: string;
  key: string;
  title: string;
  children?: GrantNode[];
}

const leavesOf = (nodes: readonly GrantNode[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? leavesOf(n.children) : [n.id]));

/**
 * The checkboxes a role's grant shows: its leaves only. A checked parent in a cascading tree
 * would tick every child, so parents are drawn from their leaves.
 */
export function checkedLeaves(nodes: readonly GrantNode[], granted: readonly string[]): string[] {
  const held = new Set(granted);
  return leavesOf(nodes).filter((id) => held.has(id));
}

/**
 * The menus to grant for these checked leaves: each with every menu above it, so a role that holds a
 * button also holds the screen it is on (its code, its route).
 */
export function menusToGrant(nodes: readonly GrantNode[], leaves: readonly string[]): string[] {
  const checked = new Set(leaves);
  const out: string[] = [];
  const walk = (node: GrantNode): boolean => {
    const below = (node.children ?? []).map(walk).some(Boolean);
    const take = node.children?.length ? below : checked.has(node.id);
    if (take) out.push(node.id);
    return take;
  };
  nodes.forEach(walk);
  return out;
}

/** The scopes to grant: the checked leaves (the menus above scopes only group them). */
export const scopesToGrant = (nodes: readonly GrantNode[], leaves: readonly string[]): string[] =>
  checkedLeaves(nodes, leaves);
