/**
 * Screens that pick devices, material types, materials and providers in their forms and filters:
 * whoever may use one of them may read those lists too (reference data, nothing to change).
 */
export const PICKING_SCREENS = ['refuel', 'delivery', 'materials', 'warrant', 'warehouse_notice', 'warehouse_report'];

/** The read codes of a warehouse list: its menu and view codes, plus the screens that pick from it. */
export const readCodes = (menu: string) => [menu, `${menu}_view`, ...PICKING_SCREENS];
