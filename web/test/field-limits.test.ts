import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { noticeInput as deskNoticeInput } from '../../server/src/modules/desk/notice/schema.ts';
import { codeInput } from '../../server/src/modules/develop/code/schema.ts';
import { datasourceInput } from '../../server/src/modules/develop/datasource/schema.ts';
import { ossInput } from '../../server/src/modules/resource/oss/schema.ts';
import { smsInput } from '../../server/src/modules/resource/sms/schema.ts';
import { clientInput } from '../../server/src/modules/system/client/schema.ts';
import { deptInput } from '../../server/src/modules/system/dept/schema.ts';
import { paramInput } from '../../server/src/modules/system/param/schema.ts';
import { postInput } from '../../server/src/modules/system/post/schema.ts';
import { regionInput } from '../../server/src/modules/system/region/schema.ts';
import { tenantInput } from '../../server/src/modules/system/tenant/schema.ts';
import { userInput } from '../../server/src/modules/user/schema.ts';
import { deliveryInput } from '../../server/src/modules/warehouse/delivery/schema.ts';
import { deviceInput } from '../../server/src/modules/warehouse/device/schema.ts';
import { faceimgInput } from '../../server/src/modules/warehouse/faceimg/schema.ts';
import { materialsCodeInput } from '../../server/src/modules/warehouse/materialscode/schema.ts';
import { materialsTypeInput } from '../../server/src/modules/warehouse/materialstype/schema.ts';
import { noticeInput } from '../../server/src/modules/warehouse/notice/schema.ts';
import { providerInput } from '../../server/src/modules/warehouse/provider/schema.ts';
import { refuelInput } from '../../server/src/modules/warehouse/refuel/schema.ts';
import { warrantInput } from '../../server/src/modules/warehouse/warrant/schema.ts';
import type { CrudResource } from '../src/components/crud/types.ts';
import { regionResource } from '../src/pages/base/region/index.tsx';
import { noticeResource as deskNoticeResource } from '../src/pages/desk/notice/index.tsx';
import { ossResource } from '../src/pages/resource/oss/index.tsx';
import { smsResource } from '../src/pages/resource/sms/index.tsx';
import { clientResource } from '../src/pages/system/client/index.tsx';
import { deptResource } from '../src/pages/system/dept/index.tsx';
import { paramResource } from '../src/pages/system/param/index.tsx';
import { postResource } from '../src/pages/system/post/index.tsx';
import { tenantResource } from '../src/pages/system/tenant/index.tsx';
import { userResource } from '../src/pages/system/user/resource.ts';
import { codeResource } from '../src/pages/tool/code/index.tsx';
import { datasourceResource } from '../src/pages/tool/datasource/index.tsx';
import { deliveryResource } from '../src/pages/warehouse/delivery/index.tsx';
import { deviceResource } from '../src/pages/warehouse/device/index.tsx';
import { faceimgResource } from '../src/pages/warehouse/faceimg/index.tsx';
import { materialsCodeResource } from '../src/pages/warehouse/materialscode/index.tsx';
import { materialsTypeResource } from '../src/pages/warehouse/materialstype/index.tsx';
import { noticeResource } from '../src/pages/warehouse/notice/index.tsx';
import { providerResource } from '../src/pages/warehouse/provider/index.tsx';
import { refuelResource } from '../src/pages/warehouse/refuel/index.tsx';
import { warrantResource } from '../src/pages/warehouse/warrant/index.tsx';

/** Each screen's declaration and the schema its server checks the same form with. */
const PAIRS: [CrudResource, z.ZodType][] = [
  [deviceResource, deviceInput],
  [materialsTypeResource, materialsTypeInput],
  [materialsCodeResource, materialsCodeInput],
  [providerResource, providerInput],
  [refuelResource, refuelInput],
  [deliveryResource, deliveryInput],
  [warrantResource, warrantInput],
  [noticeResource, noticeInput],
  [faceimgResource, faceimgInput],
  [postResource, postInput],
  [paramResource, paramInput],
  [deptResource, deptInput],
  [clientResource, clientInput],
  [regionResource, regionInput],
  [tenantResource, tenantInput],
  [datasourceResource, datasourceInput],
  [codeResource, codeInput],
  [ossResource, ossInput],
  [userResource, userInput],
  [smsResource, smsInput],
  [deskNoticeResource, deskNoticeInput],
];

type JsonSchema = {
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
};

/** The longest text a property takes (through optional and union wrappers), if it is limited. */
const maxLengthOf = (s: JsonSchema | undefined): number | undefined =>
  s?.maxLength ?? [...(s?.anyOf ?? []), ...(s?.oneOf ?? [])].map(maxLengthOf).find((n) => n !== undefined);

const TEXT = new Set([undefined, 'text', 'textarea', 'password']);

describe('every text input takes what its server takes, and no more', () => {
  for (const [resource, schema] of PAIRS) {
    it(resource.api, () => {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      const limits = Object.fromEntries(
        resource.fields
          .filter((f) => TEXT.has(f.type) && !f.input && f.form !== false)
          .map((f) => [f.name, { web: f.max, server: maxLengthOf(json.properties?.[f.name]) }]),
      );
      const drift = Object.entries(limits).filter(([, l]) => l.server !== undefined && l.web !== l.server);
      expect(Object.fromEntries(drift)).toEqual({});
    });
  }
});
