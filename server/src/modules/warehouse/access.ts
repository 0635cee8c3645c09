/**
 * Screens that pick devices, material types, materials and providers in their forms and filters:
 * whoever may use one of them may read those resources' narrow `select` (id, code, name...), never
 * their list, page or detail.
 */
export const PICKING_SCREENS = ['refuel', 'delivery', 'materials', 'warrant', 'warehouse_notice', 'warehouse_report'];

/** The read codes of a warehouse list: its menu and view codes. */
export const readCodes = (menu: string) => [menu, `${menu}_view`];

/** The `select` of a picked resource: these fields, for the picking screens (and `extra` codes). */
export const pickedBy = (fields: readonly string[], extra: readonly string[] = []) => ({
  fields,
  permissions: [...PICKING_SCREENS, ...extra],
});
