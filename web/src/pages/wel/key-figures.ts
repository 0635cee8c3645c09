import type { MenuEntry } from '../../app/menu.ts';

/** The report screen's menu path, and the buttons that let one read the reports' endpoints. */
export const REPORT_PATH = '/warehouse/report';
const REPORT_CODES = ['warehouse_report', 'warehouse_report_view'];

const holds = (entries: readonly MenuEntry[], path: string): boolean =>
  entries.some((e) => e.path === path || holds(e.children, path));

/**
 * Whether the home page shows the tenant's key figures: only to who may read them (the report
 * screen in their menu, or its permission), as the server would refuse anyone else.
 */
export const showsKeyFigures = (menu: readonly MenuEntry[], permissions: Record<string, true>): boolean =>
  holds(menu, REPORT_PATH) || REPORT_CODES.some((code) => permissions[code]);
