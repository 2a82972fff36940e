import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { PexelsSettings } from '../providers/stock/pexels.ts';
import type { S3Settings } from '../providers/storage/s3.ts';

export interface ContentSources {
  publicUrl: string;
  s3: S3Settings | undefined;
  pexels: PexelsSettings | undefined;
}

/** Where pictures, audio and video may come from besides the app itself: the bucket, and Pexels' file hosts. */
function mediaOrigins(sources: ContentSources): string[] {
  const origins: string[] = [];
  if (sources.s3) {
    const { endpoint, bucket, region } = sources.s3;
    origins.push(endpoint ? new URL(endpoint).origin : `https://${bucket}.s3.${region}.amazonaws.com`);
  }
  if (sources.pexels) origins.push('https://images.pexels.com', 'https://videos.pexels.com', new URL(sources.pexels.baseUrl).origin);
  return [...new Set(origins)];
}

/**
 * Security headers on every answer. Scripts only from the app (the Vite build has no inline script); styles may be
 * inline because the checkout and mailbox pages carry their own <style>; previews are blob: and data: URLs. No page
 * may be framed (the checkout least of all). HSTS and upgrading requests only make sense behind https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, sources: ContentSources): Promise<void> {
  const https = sources.publicUrl.startsWith('https://');
  const media = mediaOrigins(sources);
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...media],
        mediaSrc: ["'self'", 'data:', 'blob:', ...media],
        connectSrc: ["'self'", ...media],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // The checkout's Pay button posts here and is sent on to the public address.
        formAction: ["'self'", new URL(sources.publicUrl).origin],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
  });
}
