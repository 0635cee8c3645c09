import type { CrudResource } from '../../../platform/crud/resource.ts';
import { postMessages as m } from './messages.ts';
import { postCategoryNames } from './repository.ts';
import { postInput } from './schema.ts';

export const POST_READ = ['post', 'post_view'] as const;

/** Posts (job titles) of a tenant; the list filters by equality on each given field, as BladeX binds a Post. */
export const postResource: CrudResource = {
  table: 'blade_post',
  tenantScoped: true,
  fields: {
    category: { column: 'category', kind: 'int' },
    postCode: { column: 'post_code', kind: 'text' },
    postName: { column: 'post_name', kind: 'text' },
    sort: { column: 'sort', kind: 'int' },
    remark: { column: 'remark', kind: 'text' },
  },
  filterStyle: 'entity',
  defaultOrder: [{ field: 'sort', direction: 'asc' }],
  input: postInput,
  unique: [{ fields: ['postCode'], index: 'blade_post_code', message: m['post.postCode.exists'] }],
  // A user's posts are comma-joined ids.
  references: { label: 'postName', by: [{ table: 'blade_user', column: 'post_id', what: 'refs.user', list: true }] },
  permissions: { read: POST_READ, add: 'post_add', edit: 'post_edit', remove: 'post_delete' },
  hooks: {
    async decorate(trx, _caller, records) {
      const names = await postCategoryNames(trx);
      return records.map((r) => ({ ...r, categoryName: names.get(String(r.category)) ?? null }));
    },
  },
};
