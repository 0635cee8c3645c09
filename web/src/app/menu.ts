import type { MenuMeta, MenuNode } from '../api/menu.ts';

/** A menu entry as the layout uses it: where it leads and how it opens. */
export interface MenuEntry {
  id: string;
  code: string;
  name: string;
  path: string;
  icon: string | null;
  /** Opens in a new window (menu open mode 2). */
  newWindow: boolean;
  /** An external page shown at /myiframe (paths with http(s) or html). */
  external: boolean;
  meta: MenuMeta;
  children: MenuEntry[];
}

export const isExternalPath = (path: string) => /^https?:\/\//.test(path) || path.includes('html');

/**
 * The server's menu tree as entries. A top-level leaf that is not a URL gets `/index` appended
 * (Saber's rule), so `/desk` with no children becomes the page `/desk/index`.
 */
export function toEntries(nodes: readonly MenuNode[], topLevel = true): MenuEntry[] {
  return nodes
    .filter((n) => n.category === 1)
    .map((n) => {
      const children = toEntries(n.children ?? [], false);
      const raw = n.path ?? '';
      const external = isExternalPath(raw);
      const path = topLevel && children.length === 0 && !external && raw ? `${raw.replace(/\/$/, '')}/index` : raw;
      return {
        id: n.id,
        code: n.code,
        name: n.name,
        path,
        icon: n.source,
        newWindow: n.isOpen === 2,
        external,
        meta: n.meta ?? {},
        children,
      };
    });
}

/** Every entry that leads somewhere (the leaves), depth first. */
export function menuLeaves(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => (e.children.length ? menuLeaves(e.children) : [e]));
}

/** Button codes flattened to a set: every node without children contributes its code (Saber's rule). */
export function permissionCodes(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? permissionCodes(n.children) : [n.code]));
}

/** The route inside the layout for an entry: external pages open in the iframe route. */
export function entryRoute(entry: MenuEntry): string {
  if (!entry.external) return entry.path;
  const query = new URLSearchParams({ src: entry.path, name: entry.name });
  return `/myiframe/urlPath?${query}`;
}

/** Opens an entry: open mode 2 with an external path in a new window (spec §2), anything else in the layout. */
export function openEntry(entry: MenuEntry, navigate: (route: string) => void): void {
  if (entry.newWindow && entry.external) window.open(entry.path, '_blank', 'noopener');
  else navigate(entryRoute(entry));
}

/**
 * The entries a user with these roles sees (spec §2): an entry whose meta roles name none of them is
 * hidden, and so is a group left without entries.
 */
export function visibleTo(entries: readonly MenuEntry[], roles: readonly string[]): MenuEntry[] {
  return entries.flatMap((entry) => {
    if (entry.meta.roles && !entry.meta.roles.some((role) => roles.includes(role))) return [];
    if (!entry.children.length) return [entry];
    const children = visibleTo(entry.children, roles);
    return children.length ? [{ ...entry, children }] : [];
  });
}

/** The groups above the first leaf that leads to this path, outermost first; none when no leaf does. */
export function groupsAbove(entries: readonly MenuEntry[], path: string): MenuEntry[] {
  for (const entry of entries) {
    if (!entry.children.length) {
      if (entry.path === path) return [];
      continue;
    }
    const below = groupsAbove(entry.children, path);
    if (below.length || menuLeaves(entry.children).some((leaf) => leaf.path === path)) return [entry, ...below];
  }
  return [];
}
