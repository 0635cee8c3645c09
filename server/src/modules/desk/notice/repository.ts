import { sql } from 'kysely';
import { readPage } from '../../../platform/db/paging.ts';
import type { Page } from '../../../platform/http/query.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';

/** The labels of the `notice` dictionary (platform-wide, as BladeX's blade_dict), by key. */
export async function noticeCategoryNames(trx: AnyTrx): Promise<Map<string, string>> {
  const { rows } = await sql<{ key: string; value: string }>`
    select dict_key as key, dict_value as value from blade_dict
    where code = 'notice' and parent_id <> 0 and is_deleted = 0`.execute(trx);
  return new Map(rows.map((r) => [r.key, r.value]));
}

export interface TopNotice {
  id: string;
  title: string;
  category: number;
  categoryName: string | null;
  releaseTime: Date;
  content: string | null;
}

/**
 * The tenant's released notices (release time reached), newest release first: what everyone of the
 * tenant sees on the home page. Read backward along `blade_notice_release`.
 */
export async function releasedNotices(
  trx: AnyTrx,
  tenantId: string,
  query: { current: number; size: number },
  now = new Date(),
): Promise<Page<TopNotice>> {
  return noticePage(trx, tenantId, query, (rows) => rows.where('release_time', '<=', now));
}

/** The notices `userId` wrote in the tenant, released or not, newest release first. */
export async function noticesWrittenBy(
  trx: AnyTrx,
  tenantId: string,
  userId: string,
  query: { current: number; size: number },
): Promise<Page<TopNotice>> {
  return noticePage(trx, tenantId, query, (rows) => rows.where('create_user', '=', userId));
}

type NoticeRows = ReturnType<typeof liveNotices>;
const liveNotices = (trx: AnyTrx, tenantId: string) =>
  trx.selectFrom('blade_notice').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

/** A page of the tenant's live notices narrowed by `which`, with their category labels. */
async function noticePage(
  trx: AnyTrx,
  tenantId: string,
  query: { current: number; size: number },
  which: (rows: NoticeRows) => NoticeRows,
): Promise<Page<TopNotice>> {
  const page = await readPage<Omit<TopNotice, 'categoryName'>>(
    {
      db: trx,
      rows: which(liveNotices(trx, tenantId)),
      key: 'id',
      select: (rows) => rows.select(['id', 'title', 'category', 'release_time as releaseTime', 'content']),
      order: (rows) => rows.orderBy('release_time', 'desc').orderBy('id', 'desc'),
    },
    query,
  );
  const names = await noticeCategoryNames(trx);
  return {
    ...page,
    records: page.records.map((r) => ({ ...r, categoryName: names.get(String(r.category)) ?? null })),
  };
}
