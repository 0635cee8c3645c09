/**
 * Pages under a menu screen that show one of its records, the record's id in the path
 * (`/report/reportlist/design/{id}`): not menu entries, open to those whose menu holds the screen.
 * Each screen's tab label is a message key.
 */
const SUB_PAGES: Record<string, Record<string, string>> = {
  '/report/reportlist': { design: 'reportList.design.title', view: 'reportList.view.title' },
};

export interface SubRoute {
  /** The menu screen the page belongs to. */
  parent: string;
  screen: string;
  id: string;
  label: string;
}

/** Which sub-page a path is, with its id; nothing for any other path. */
export function subRoute(path: string): SubRoute | undefined {
  const at = path.lastIndexOf('/');
  const screenAt = path.lastIndexOf('/', at - 1);
  if (screenAt <= 0) return undefined;
  const parent = path.slice(0, screenAt);
  const screen = path.slice(screenAt + 1, at);
  const screens = Object.hasOwn(SUB_PAGES, parent) ? SUB_PAGES[parent] : undefined;
  const label = screens && Object.hasOwn(screens, screen) ? screens[screen] : undefined;
  const id = decoded(path.slice(at + 1));
  return label && id ? { parent, screen, id, label } : undefined;
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined; // a malformed escape is no id
  }
};

/** The path of a sub-page (its id encoded). */
export const subPath = (parent: string, screen: string, id: string) => `${parent}/${screen}/${encodeURIComponent(id)}`;
