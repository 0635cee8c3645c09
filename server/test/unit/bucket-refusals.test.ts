import { describe, expect, it } from 'vitest';
import { serviceRefusal } from '../../src/modules/resource/oss-endpoint/bucket-routes.ts';
import { AppError } from '../../src/platform/http/errors.ts';

// The S3 test server (s3rver) refuses the signature of bucket-level calls, so what a real service
// answers to make-bucket and remove-bucket is mapped here, as the SDK raises it.
const s3Error = (name: string) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: 409 } });

describe('serviceRefusal', () => {
  it('answers the bucket refusals a service gives with their status and message', () => {
    const cases: [string, number, string][] = [
      ['NoSuchBucket', 404, 'resource.bucket.notFound'],
      ['BucketNotEmpty', 409, 'resource.bucket.notEmpty'],
      ['BucketAlreadyExists', 409, 'resource.bucket.taken'],
      ['AccessDenied', 400, 'resource.bucket.failed'],
    ];
    for (const [name, status, key] of cases) {
      const mapped = serviceRefusal('620001-x', s3Error(name)) as AppError;
      expect([mapped.status, mapped.key], name).toEqual([status, key]);
    }
    expect((serviceRefusal('b', s3Error('AccessDenied')) as AppError).params).toEqual({ code: 'AccessDenied' });
  });

  it('leaves our own errors and anything not from the service as they are', () => {
    const ours = new AppError(413, 'x');
    const broken = new Error('socket hang up');
    expect(serviceRefusal('b', ours)).toBe(ours);
    expect(serviceRefusal('b', broken)).toBe(broken);
  });
});
