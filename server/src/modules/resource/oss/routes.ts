import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sealer } from '../../../platform/auth/sealed-secrets.ts';
import { registerEnableRoute } from '../../../platform/crud/enable-one.ts';
import { registerCrudRoutes } from '../../../platform/crud/routes.ts';
import { answers } from '../../../platform/http/envelope.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { testConnection } from './connection-test.ts';
import { ossMessages as m } from './messages.ts';
import { configById } from './repository.ts';
import { ossResource, requireS3Fields } from './resource.ts';
import { OSS_CATEGORY, ossTestInput } from './schema.ts';
import { s3Settings } from './stores.ts';

const PREFIX = '/api/blade-resource/oss';

const openOrNothing = (sealer: Sealer, sealed: string): string | undefined => {
  try {
    return sealer.open(sealed);
  } catch {
    return undefined;
  }
};
const tags = ['resource/oss'];

/**
 * `/api/blade-resource/oss` (BladeX OssController): the tenant's object storage configurations,
 * `enable` (one at a time), and `test`, which tries a configuration before anyone's files depend on it.
 */
export function registerOssRoutes(app: FastifyInstance): void {
  registerCrudRoutes(app, {
    prefix: PREFIX,
    resource: ossResource(app.platform.sealer),
    tag: tags[0]!,
    routes: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  registerEnableRoute(app, {
    prefix: PREFIX,
    table: 'blade_oss',
    permission: 'oss_enable',
    tag: tags[0]!,
    operationId: 'ossEnable',
    summary: 'Enables a configuration: new uploads of the tenant go to its store; every other one is disabled',
    auditTitle: 'enable object storage',
  });

  api.post(
    `${PREFIX}/test`,
    {
      config: { access: { permission: ['oss_add', 'oss_edit'] } },
      schema: {
        tags,
        operationId: 'ossTest',
        summary:
          'Tests a configuration as the form holds it (with id and no secretKey: the saved secret): puts a small ' +
          'object, reads it back and deletes it; a failure answers 400 saying whether the address, the keys or ' +
          'the bucket is wrong',
        body: ossTestInput,
        response: answers(z.null(), 400, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = request.ctx.caller!;
      const { id, ...values } = request.body;
      if (values.category === OSS_CATEGORY.local) return reply.ok(null, m['oss.test.local']);
      let secret = values.secretKey;
      if (!secret && id) {
        const saved = await request.readInTenant((trx) => configById(trx, caller.tenantId, id));
        if (!saved) throw notFound();
        // A secret sealed under another installation's key does not open: it must be entered again.
        if (saved.secretKey && app.platform.sealer.isSealed(saved.secretKey))
          secret = openOrNothing(app.platform.sealer, saved.secretKey);
      }
      requireS3Fields(values, Boolean(secret));
      await testConnection(s3Settings(values, secret!), caller.tenantId);
      return reply.ok(null, m['oss.test.ok']);
    },
  );
}
