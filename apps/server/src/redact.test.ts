import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact.ts';

describe('redactSecrets', () => {
  it.each([
    ['a reset link', '/api/auth/reset-password/abc123?callbackURL=%2Freset-password', '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password'],
    ['the reset page', '/reset-password?token=abc123', '/reset-password?token=[redacted]'],
    ['a verification link', '/api/auth/verify-email?token=ey.J0.abc&callbackURL=/login', '/api/auth/verify-email?token=[redacted]&callbackURL=/login'],
    ['a signed file URL', '/files/users/u1/a.png?exp=1700000000&sig=AbC-_d', '/files/users/u1/a.png?exp=1700000000&sig=[redacted]'],
    ['the operator link', '/dev/mailbox?to=a%40b.c&token=op', '/dev/mailbox?to=a%40b.c&token=[redacted]'],
    ['an S3 presigned URL', 'https://b.s3.amazonaws.com/k?X-Amz-Credential=AK%2F1&X-Amz-Signature=ff', 'https://b.s3.amazonaws.com/k?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]'],
    ['a link inside a callback', '/x?callbackURL=%2Freset-password%3Ftoken%3Dabc', '/x?callbackURL=%2Freset-password%3Ftoken%3D[redacted]'],
    ['a link in a JSON log line', '{"msg":"to /api/auth/reset-password/abc failed","url":"/a?sig=x"}', '{"msg":"to /api/auth/reset-password/[redacted] failed","url":"/a?sig=[redacted]"}'],
  ])('cuts the secret from %s', (_label, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it('leaves URLs without secrets as they are', () => {
    for (const url of ['/api/jobs/123', '/reset-password', '/dashboard?tab=videos&tokens=3', '/files/a.png?exp=1']) expect(redactSecrets(url)).toBe(url);
  });
});
