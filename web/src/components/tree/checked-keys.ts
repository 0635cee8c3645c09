/** A node of BladeX's tree answers as antd's Tree takes it. */
export interface KeyNode {
  key: string;
  title: string;
  children?: KeyNode[];
}

/**
 * Of the keys a grant holds (each checked node with its parents), those of leaves: the tree works out
 * its parents from them, while a stored parent would check every child, also ones added since.
 */
export function leafKeys(nodes: readonly KeyNode[], keys: readonly string[]): string[] {
  const held = new Set(keys);
  return nodes.flatMap((n) => (n.children?.length ? leafKeys(n.children, keys) : held.has(n.key) ? [n.key] : []));
}
