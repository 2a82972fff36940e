/**
 * Which browser origins may make state-changing calls (the CSRF guard) and sign in or up (better-auth). With
 * PUBLIC_URL set, only that origin. Unset, the app is being tried on this machine or a LAN: the loopback names on the
 * app's port and a same-origin call to the address it came in on are trusted too.
 */
export interface OriginPolicy {
  publicUrl: string;
  publicUrlConfigured: boolean;
}

const loopbackHost = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

function parseOrigin(value: string): URL | undefined {
  try {
    const url = new URL(value);
    // An Origin header is scheme, host and port only; anything else is not one.
    return url.origin === value && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
  } catch {
    return undefined;
  }
}

export function createOriginPolicy(policy: OriginPolicy) {
  const publicOrigin = new URL(policy.publicUrl);
  return {
    /** Trusted whatever Host header the request carries: the public origin, and loopback on its port while it is the default. */
    isLoopbackOrPublic(origin: string): boolean {
      const url = parseOrigin(origin);
      if (!url) return false;
      if (url.origin === publicOrigin.origin) return true;
      return !policy.publicUrlConfigured && url.protocol === 'http:' && url.port === publicOrigin.port && loopbackHost.test(url.hostname);
    },

    /** `host` is the request's Host header: a same-origin call counts only while PUBLIC_URL is unset. */
    isTrusted(origin: string, host: string | undefined): boolean {
      if (this.isLoopbackOrPublic(origin)) return true;
      const url = parseOrigin(origin);
      return !policy.publicUrlConfigured && url !== undefined && url.protocol === 'http:' && host !== undefined && url.host === host.toLowerCase();
    },
  };
}

export type OriginTrust = ReturnType<typeof createOriginPolicy>;
