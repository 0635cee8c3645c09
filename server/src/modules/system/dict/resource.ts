/**
 * A dictionary table declared once: system dictionaries (blade_dict) and business dictionaries
 * (blade_dict_biz) differ only in tenancy, URL and permission codes. Both lack the audit columns,
 * so they have their own queries (repository.ts) rather than the CRUD factory's.
 */
export interface DictionaryResource {
  table: 'blade_dict' | 'blade_dict_biz';
  /** Rows belong to a tenant: each tenant reads and edits only its own copy. */
  tenantScoped: boolean;
  /** The partial unique index on (code, dict_key) among live rows. */
  uniqueIndex: string;
  prefix: string;
  tag: string;
  /** Writes change what every tenant sees: only callers of the platform tenant may make them. */
  platformWrites: boolean;
  permissions: { read: readonly string[]; add: string; edit: string; remove: string };
}

/** System dictionaries: platform-wide, edited only by the platform. */
export const dictResource: DictionaryResource = {
  table: 'blade_dict',
  tenantScoped: false,
  uniqueIndex: 'blade_dict_code_key',
  prefix: '/api/blade-system/dict',
  tag: 'system/dict',
  platformWrites: true,
  permissions: { read: ['dict', 'dict_view'], add: 'dict_add', edit: 'dict_edit', remove: 'dict_delete' },
};
