import { sql } from 'kysely';
import { badRequest } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/register.ts';
import type { ObjectStore } from '../../../platform/storage/object-store.ts';
import type { S3Settings, S3Store } from '../../../platform/storage/s3-store.ts';
import { ossMessages as m } from './messages.ts';
import { configById, enabledConfig, type OssConfig } from './repository.ts';
import { OSS_CATEGORY } from './schema.ts';

/** Where a tenant's files go: a store, and the configuration to record with each file (null: the local disk). */
export interface StoreChoice {
  store: ObjectStore;
  ossId: string | null;
}

export interface StoreResolver {
  /** The store new files of the tenant are written to: its enabled configuration's, else the local disk. */
  forUpload(tenantId: string): Promise<StoreChoice>;
  /** The store a configuration names (null or a local-disk one: the local disk). */
  byId(tenantId: string, ossId: string | null): Promise<ObjectStore>;
  /** The store the file under this key was written to, from its attachment (none: the local disk). */
  forKey(tenantId: string, key: string): Promise<ObjectStore>;
  /** Closes every client (the server stops). */
  close(): void;
}

type S3Fields = { category: number } & Partial<
  Record<'endpoint' | 'bucketName' | 'accessKey' | 'region', string | null>
>;

/** The S3 settings of a configuration of an S3-compatible service, its secret opened. */
export function s3Settings(config: S3Fields, secretKey: string): S3Settings {
  return {
    endpoint: config.endpoint ?? '',
    region: config.region ?? '',
    bucket: config.bucketName ?? '',
    accessKeyId: config.accessKey ?? '',
    secretAccessKey: secretKey,
    // MinIO serves buckets in the path; Aliyun OSS accepts the bucket in the host name only, and
    // Tencent COS and Qiniu Kodo document it first.
    forcePathStyle: config.category === OSS_CATEGORY.minio,
  };
}

/**
 * The S3 store and its SDK (about 30 MiB resident and a quarter of a second to load), loaded by the
 * first tenant that uses a bucket, not by every server at start.
 */
export const loadS3 = () => import('../../../platform/storage/s3-store.ts');

// A tenant has a handful of configurations; this bounds what many tenants keep open.
const MOST_CLIENTS = 256;
// A replaced client may still be streaming a download; its sockets close after this.
const RETIRE_AFTER_MS = 10 * 60_000;

function createStoreResolver(platform: Platform): StoreResolver {
  const clients = new Map<string, { version: string; store: S3Store }>();
  const retire = (store: S3Store) => setTimeout(() => store.destroy(), RETIRE_AFTER_MS).unref();

  async function storeOf(config: OssConfig | undefined): Promise<ObjectStore> {
    if (!config || config.category === OSS_CATEGORY.local) return platform.storage;
    const id = String(config.id);
    const cached = clients.get(id);
    // Keyed by the row's update time: an edited configuration gets a new client on every instance.
    if (cached?.version === config.version) return cached.store;
    let secret: string;
    try {
      secret = platform.sealer.open(config.secretKey ?? '');
    } catch {
      // Sealed under another installation's key (a copied database): it must be entered again.
      throw badRequest(m['oss.store.unavailable'], { ossCode: config.ossCode });
    }
    const { createS3Store } = await loadS3();
    // Another request may have made this version's client while the SDK loaded.
    const current = clients.get(id);
    if (current?.version === config.version) return current.store;
    if (current) retire(current.store);
    const store = createS3Store(s3Settings(config, secret));
    clients.delete(id);
    clients.set(id, { version: config.version, store });
    if (clients.size > MOST_CLIENTS) {
      const [oldest, entry] = clients.entries().next().value!;
      clients.delete(oldest);
      retire(entry.store);
    }
    return store;
  }

  return {
    async forUpload(tenantId) {
      const config = await platform.tenantDb.readInTenant(tenantId, (trx) => enabledConfig(trx, tenantId));
      const store = await storeOf(config);
      return { store, ossId: config && store !== platform.storage ? String(config.id) : null };
    },
    async byId(tenantId, ossId) {
      if (!ossId) return platform.storage;
      return storeOf(await platform.tenantDb.readInTenant(tenantId, (trx) => configById(trx, tenantId, ossId)));
    },
    async forKey(tenantId, key) {
      const config = await platform.tenantDb.readInTenant(tenantId, async (trx) => {
        const { rows } = await sql<{ ossId: string | null }>`
          select oss_id as "ossId" from blade_attach where tenant_id = ${tenantId} and name = ${key}
          order by is_deleted limit 1`.execute(trx);
        const ossId = rows[0]?.ossId;
        return ossId ? configById(trx, tenantId, String(ossId)) : undefined;
      });
      return storeOf(config);
    },
    close() {
      for (const { store } of clients.values()) store.destroy();
      clients.clear();
    },
  };
}

const resolvers = new WeakMap<Platform, StoreResolver>();

/** The platform's one resolver (its clients are shared by every request). */
export function storesOf(platform: Platform): StoreResolver {
  let resolver = resolvers.get(platform);
  if (!resolver) {
    resolver = createStoreResolver(platform);
    resolvers.set(platform, resolver);
  }
  return resolver;
}
