import type { CrudResource } from '../../../platform/crud/resource.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { noticeMessages as m } from './messages.ts';
import { noticeCategoryNames } from './repository.ts';
import { sanitizeNoticeContent } from './sanitize.ts';
import { noticeInput } from './schema.ts';

/** The seed's notice screen (通知公告) and its buttons. */
export const NOTICE_READ = ['notice', 'notice_view'] as const;

/**
 * The desk's notices of a tenant (BladeX NoticeController): the list filters map-style as the
 * original (`title` contains, `category`, `releaseTime_datege`/`_datele`), newest release first;
 * answers carry `categoryName` as BladeX's NoticeVO.
 */
export const noticeResource: CrudResource = {
  table: 'blade_notice',
  tenantScoped: true,
  fields: {
    title: { column: 'title', kind: 'text' },
    category: { column: 'category', kind: 'int' },
    releaseTime: { column: 'release_time', kind: 'date' },
    content: { column: 'content', kind: 'text', filter: false, sort: false },
  },
  filterStyle: 'map',
  defaultOrder: [{ field: 'releaseTime', direction: 'desc' }],
  input: noticeInput,
  permissions: { read: NOTICE_READ, add: 'notice_add', edit: 'notice_edit', remove: 'notice_delete' },
  hooks: {
    async beforeSave(trx, _caller, values) {
      if (values.category !== undefined) {
        const names = await noticeCategoryNames(trx);
        if (!names.has(String(values.category))) {
          throw badRequest(m['desk.notice.category.unknown'], { category: String(values.category) });
        }
      }
      // Every user of the tenant reads it as HTML: nothing that runs may be stored.
      if (typeof values.content === 'string') values.content = await sanitizeNoticeContent(values.content);
    },
    async decorate(trx, _caller, records) {
      const names = await noticeCategoryNames(trx);
      return records.map((r) => ({ ...r, categoryName: names.get(String(r.category)) ?? null }));
    },
  },
};
