import type { FastifyRequest } from 'fastify';
import type { RateLimit } from '../http/rate-limit.ts';
import { defineMessages } from '../i18n/i18n.ts';
import type { Caller } from '../tenancy/context.ts';

/** The header a kiosk sends its device's key in. */
export const KIOSK_KEY_HEADER = 'kiosk-key';

/** A kiosk (a device's public terminal) that proved its key: it acts in its device's tenant. */
export interface KioskDevice {
  tenantId: string;
  deviceId: string;
  code: string;
  name: string;
}

/**
 * Finds the device a kiosk key belongs to; `unknown` for a key that was never one (not a key's
 * shape, or no such device), null for a key its device no longer holds (revoked or replaced; or
 * mistyped): either way the kiosk must be paired again; `disabled` for a good key whose device or
 * tenant is switched off for now (the kiosk keeps its key and waits).
 */
export interface KioskAuthenticator {
  authenticate(key: string): Promise<KioskDevice | 'disabled' | 'unknown' | null>;
}

export const kioskMessages = defineMessages({
  'error.kiosk.missing': {
    'zh-CN': '此终端尚未配对, 请输入设备的终端密钥',
    'en-US': 'This kiosk is not paired: enter its device’s kiosk key',
  },
  'error.kiosk.unknown': {
    'zh-CN': '终端密钥无效: 没有这个密钥, 请核对后重新输入',
    'en-US': 'The kiosk key is not valid: there is no such key. Check it and enter it again',
  },
  'error.kiosk.invalid': {
    'zh-CN': '终端密钥已失效(已撤销、已更换或输入有误), 请重新配对',
    'en-US': 'The kiosk key is not valid any more (revoked, replaced or mistyped): pair the kiosk again',
  },
  'error.kiosk.disabled': {
    'zh-CN': '此终端暂停服务: 设备或租户已停用或已到期, 请联系管理员',
    'en-US': 'This kiosk is out of service: its device or tenant is disabled or expired. Ask an administrator',
  },
});

/**
 * Who a kiosk is when it calls: no user and no role, only its tenant (so `inTenant` and row-level
 * security apply) and a name for the logs. Routes a kiosk may call read its device from the context.
 */
export function kioskCaller(device: KioskDevice): Caller {
  return {
    tenantId: device.tenantId,
    userId: '0',
    account: `kiosk:${device.code}`,
    roleIds: [],
    roleAliases: [],
    deptIds: [],
    postIds: [],
    clientId: 'kiosk',
  };
}

const kioskKey = (request: FastifyRequest) => {
  const key = request.headers[KIOSK_KEY_HEADER];
  return typeof key === 'string' && key ? key : null;
};

/** Kiosk calls are counted per kiosk key (an address may hold several kiosks, or be a proxy); others not. */
export const perKiosk = (max: number): RateLimit => ({
  max,
  windowMs: 60_000,
  by: (request: FastifyRequest) => `kiosk:${kioskKey(request)}`,
  when: (request: FastifyRequest) => kioskKey(request) !== null,
});
