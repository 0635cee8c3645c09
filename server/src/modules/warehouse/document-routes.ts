import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordSchema, resourceName } from '../../platform/crud/answers.ts';
import { scopeOf } from '../../platform/crud/data-scope.ts';
import { crudRepository, type Row } from '../../platform/crud/repository.ts';
import type { CrudResource } from '../../platform/crud/resource.ts';
import { registerCrudRoutes } from '../../platform/crud/routes.ts';
import { answers } from '../../platform/http/envelope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { optional, updateOf } from '../../platform/http/fields.ts';
import { idListSchema, idSchema } from '../../platform/http/ids.ts';
import type { Locale } from '../../platform/i18n/i18n.ts';
import type { Caller } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';

/** A stock document (refuel, delivery): a header with item lines that moved stock when it was made. */
export interface StockDocument {
  prefix: string;
  tag: string;
  resource: CrudResource;
  /** Permission codes: read, and the add, edit and cancel buttons. */
  read: readonly string[];
  codes: { add: string; edit: string; cancel: string };
  /**
   * What a new document's form sends. Its fields, each optional, are submit's body as the route
   * declares it (the OpenAPI document, the fuzzer, the first checks); `create` and `update` read it exactly.
   */
  input: z.ZodObject;
  /** Makes the document and moves its stock; answers its id. */
  create(trx: AnyTrx, caller: Caller, body: Row): Promise<string>;
  /** Changes what a posted document may still change. */
  update(trx: AnyTrx, caller: Caller, id: string, body: Row): Promise<void>;
  /** Reverses the documents' stock by counter-movements, all or none. */
  cancel(trx: AnyTrx, caller: Caller, ids: string[]): Promise<void>;
  items(trx: AnyTrx, caller: Caller, id: string): Promise<Row[]>;
  /** What else a document's detail shows (a delivery's approval and its history), in the caller's language. */
  detail?(trx: AnyTrx, caller: Caller, record: Row, locale: Locale): Promise<Row>;
  /**
   * Callers without the read codes who may still read one document's detail (the approvers of an
   * outbound request): their codes, and the check of the record, 404 when it is not theirs to read.
   */
  alsoReadBy?: { codes: readonly string[]; check(trx: AnyTrx, caller: Caller, record: Row): Promise<void> };
}

/**
 * The endpoints every stock document shares: list, page and remove (the CRUD factory), `detail`
 * with the item lines, `submit` (new: create and move stock; with id: the few editable fields) and
 * `cancel?ids=`. Answers of submit are the header as `detail` shows it, without the lines.
 */
export function registerDocumentRoutes(app: FastifyInstance, doc: StockDocument): void {
  const { prefix, tag, resource } = doc;
  const headers = crudRepository(resource);
  registerCrudRoutes(app, { prefix, resource, tag, routes: ['list', 'page', 'remove'] });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { one, many } = resourceName(tag);
  const header = recordSchema(resource);
  const detailSchema = header.extend({ items: z.array(z.looseObject({})).describe('the item lines') });
  const decorate = async (trx: AnyTrx, caller: Caller, row: Row) =>
    (await resource.hooks?.decorate?.(trx, caller, [row]))?.[0] ?? row;

  api.get(
    `${prefix}/detail`,
    {
      config: { access: { permission: [...doc.read, ...(doc.alsoReadBy?.codes ?? [])] } },
      schema: {
        tags: [tag],
        summary: `Detail of a ${one}, with its item lines`,
        querystring: z.object({ id: idSchema }),
        response: answers(detailSchema, 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const scope = await scopeOf(app.platform.permissions, resource, caller);
      const reader = await app.platform.permissions.hasAny(caller, doc.read);
      const record = await request.readInTenant(async (trx) => {
        const found = await headers.find(trx, caller, request.query.id, scope);
        if (!found) return undefined;
        if (!reader) await doc.alsoReadBy!.check(trx, caller, found);
        const detail = {
          ...(await decorate(trx, caller, found)),
          items: await doc.items(trx, caller, String(found.id)),
        };
        return doc.detail ? doc.detail(trx, caller, detail, request.ctx.locale) : detail;
      });
      if (!record) throw notFound();
      return reply.ok(record);
    },
  );

  api.post(
    `${prefix}/submit`,
    {
      config: { access: { permission: [doc.codes.add, doc.codes.edit] } },
      schema: {
        tags: [tag],
        summary: `Submit a ${one} (new: creates it and moves the stock; with id: its editable fields)`,
        body: updateOf(doc.input)
          .extend({ id: optional(idSchema) })
          .loose(),
        response: answers(header, 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { id } = request.body;
      await request.requirePermission(id ? doc.codes.edit : doc.codes.add);
      const record = await request.inTenant(async (trx) => {
        const savedId = id ?? (await doc.create(trx, caller, request.body));
        if (id) await doc.update(trx, caller, id, request.body);
        return decorate(trx, caller, (await headers.find(trx, caller, savedId))!);
      });
      return reply.ok(record);
    },
  );

  api.post(
    `${prefix}/cancel`,
    {
      config: { access: { permission: doc.codes.cancel } },
      schema: {
        tags: [tag],
        summary: `Cancel ${many} (their stock moves back)`,
        querystring: z.object({ ids: idListSchema }),
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await request.inTenant((trx) => doc.cancel(trx, request.ctx.caller!, request.query.ids));
      request.logEvent({ logId: `${tag.replace(/\//g, '.')}.cancel`, level: 'warn', data: { ids: request.query.ids } });
      return reply.ok(null);
    },
  );
}
