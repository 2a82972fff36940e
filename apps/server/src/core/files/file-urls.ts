import { createHmac, timingSafeEqual } from 'node:crypto';

export interface FileUrlSigner {
  /** A same-origin URL for the object that stops working after the TTL. */
  sign(key: string): string;
  verify(key: string, expires: string | undefined, signature: string | undefined): boolean;
}

export function createFileUrlSigner(options: { secret: string; ttlSeconds: number; now?: () => number }): FileUrlSigner {
  const now = options.now ?? Date.now;
  const key = createHmac('sha256', options.secret).update('reelsmith file urls').digest();
  const mac = (objectKey: string, expires: number) => createHmac('sha256', key).update(`${objectKey}\n${expires}`).digest('base64url');
  return {
    sign(objectKey) {
      const expires = Math.floor(now() / 1000) + options.ttlSeconds;
      const path = objectKey.split('/').map(encodeURIComponent).join('/');
      return `/files/${path}?exp=${expires}&sig=${mac(objectKey, expires)}`;
    },
    verify(objectKey, expires, signature) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      const expiresAt = Number(expires);
      if (expiresAt * 1000 < now()) return false;
      const expected = Buffer.from(mac(objectKey, expiresAt));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** Files under users/<id>/ belong to that user; library assets under library/ are anyone's to read. */
export function ownerOfKey(objectKey: string): string | null {
  const match = /^users\/([^/]+)\//.exec(objectKey);
  return match ? match[1]! : null;
}
