import { describe, expect, it } from 'vitest';
import { acs3CanonicalQuery, acsDate, signAcs3 } from '../../src/modules/resource/sms/signing/acs3.ts';
import { percentEncode } from '../../src/modules/resource/sms/signing/crypto.ts';
import { tc3Date, tc3Signature } from '../../src/modules/resource/sms/signing/tc3.ts';

describe('Aliyun ACS3-HMAC-SHA256 (V3) signature', () => {
  // The fixed example of Aliyun's "V3 request structure and signature" page
  // (https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature, English:
  // https://www.alibabacloud.com/help/en/sdk/product-overview/v3-request-structure-and-signature):
  // ECS RunInstances, every input fixed, and the Authorization it gives.
  it("reproduces the documented example's Authorization", () => {
    const headers = signAcs3({
      method: 'POST',
      host: 'ecs.cn-shanghai.aliyuncs.com',
      path: '/',
      query: { ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd', RegionId: 'cn-shanghai' },
      action: 'RunInstances',
      version: '2014-05-26',
      body: '',
      accessKeyId: 'YourAccessKeyId',
      accessKeySecret: 'YourAccessKeySecret',
      date: new Date('2023-10-26T10:22:32Z'),
      nonce: '3156853299f313e23d1673dc12e1703d',
    });
    expect(headers.authorization).toBe(
      'ACS3-HMAC-SHA256 Credential=YourAccessKeyId,' +
        'SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,' +
        'Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0',
    );
    expect(headers['x-acs-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(headers['x-acs-date']).toBe('2023-10-26T10:22:32Z');
    // the HTTP client sets Host itself
    expect(headers.host).toBeUndefined();
  });

  it('encodes as RFC 3986 says, and sorts the query', () => {
    expect(percentEncode("a b*c~d!'()+/=中")).toBe('a%20b%2Ac~d%21%27%28%29%2B%2F%3D%E4%B8%AD');
    expect(acs3CanonicalQuery({ b: '2', a: 'x y', 'Tag.1.Key': 'k' })).toBe('Tag.1.Key=k&a=x%20y&b=2');
    expect(acsDate(new Date('2024-01-02T03:04:05.678Z'))).toBe('2024-01-02T03:04:05Z');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256 (API 3.0) signature', () => {
  // The worked example of Tencent Cloud's "Signature v3" page
  // (https://intl.cloud.tencent.com/document/product/267/30852, and every product's copy of it): CVM
  // DescribeInstances at 1551113065 with SecretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE and
  // SecretKey Gu5t9xGARNpq86cd98joQYCN3EXAMPLE, signing content-type and host.
  it("reproduces the documented example's Authorization", () => {
    const { authorization } = tc3Signature({
      host: 'cvm.tencentcloudapi.com',
      service: 'cvm',
      body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      timestamp: 1551113065,
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, ' +
        'Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('dates the credential in UTC, whatever the local zone (the doc’s midnight warning)', () => {
    // 2019-02-26 00:44:25 in UTC+8 is still the 25th in UTC
    expect(tc3Date(1551113065)).toBe('2019-02-25');
  });
});
