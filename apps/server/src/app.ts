import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { ReadinessResponse } from '@reelsmith/contracts';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Auth } from './platform/auth.ts';
import type { OriginTrust } from './platform/origins.ts';
import type { RateLimitsRepository } from './db/repositories/rate-limits.ts';
import { registerCsrfGuard } from './http/csrf.ts';
import { databaseRateLimitStore, purgeRateLimitsWhileOpen } from './http/rate-limit-store.ts';
import { registerDocsRoutes } from './http/docs-routes.ts';
import { createEndpointRouter } from './http/endpoint-router.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './http/errors.ts';
import { registerHealthRoutes } from './http/health-routes.ts';
import { waitForHandlersOnClose } from './http/in-flight.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { createOperatorGuard } from './http/operator.ts';
import { logDestination, registerRequestLog } from './http/request-log.ts';
import { recordRoutes } from './http/route-table.ts';
import { registerSecurityHeaders, type ContentSources } from './http/security-headers.ts';
import { registerWebRoutes } from './http/web-routes.ts';
import { redactSecrets } from './redact.ts';
import { withRequestId } from './jobs/request-context.ts';
import type { FeatureModule } from './http/feature-module.ts';
import type { Metrics } from './providers/metrics/metrics.ts';

/** What the HTTP shell itself needs: who is signed in, which origins are trusted, its limits, logs and health. */
export interface HttpShell {
  auth: Auth;
  origins: OriginTrust;
  publicUrl: string;
  /** Opens the dev mailbox, the test gateway's clock and the operator endpoints. */
  operatorToken: string;
  contentSources: ContentSources;
  rateLimits: RateLimitsRepository;
  /** Where the router spools upload files declared to wait on disk (removed after each request). */
  scratchDir: string;
  webDistDir?: string;
  logLevel?: string;
  /** Leaves operator endpoints out of the published OpenAPI document. */
  production?: boolean;
  validateResponses?: boolean;
  /** Fastify's trustProxy: which X-Forwarded-For headers name the real client. */
  trustProxy?: boolean | number | string[];
  /** What /ready reports: database, storage and migrations. */
  readiness: () => Promise<ReadinessResponse>;
  metrics: Metrics;
}

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the HTTP app: the shell (logs, security, limits, health, the web pages) and the feature modules on it. */
export async function buildApp(deps: HttpShell, modules: FeatureModule[]): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      stream: logDestination(),
      serializers: {
        // Fastify's own request line, minus the secrets a URL may carry.
        req: (request) => ({ method: request.method, url: redactSecrets(request.url), host: request.host, remoteAddress: request.ip }),
      },
    },
    // registerRequestLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A hop count as proxy-addr reads it: the client is the address that many proxies back from the socket.
    trustProxy: typeof deps.trustProxy === 'number' ? hopsTrusted(deps.trustProxy) : (deps.trustProxy ?? false),
    // Unique across API processes, and the proxy's own id when a trusted proxy sent one, so one id follows a call
    // from the proxy's log through this process to the jobs it starts on any worker.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return deps.trustProxy && typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
  });
  waitForHandlersOnClose(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withRequestId(request.id, done);
  });
  recordRoutes(app);
  registerRequestLog(app, deps.metrics);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, deps.contentSources);
  registerInputGuard(app);
  registerCsrfGuard(app, deps.origins);
  const operator = createOperatorGuard(deps.operatorToken, deps.publicUrl.startsWith('https://'));
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.rateLimits) });
  purgeRateLimitsWhileOpen(app, deps.rateLimits);
  // Several spec calls post form-encoded bodies (SPEC §7 "form").
  await app.register(formbody);
  // A file's byte limit is its upload policy's, applied as the router reads it; this is only the outer bound for any request.
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 12, fields: 50, fieldSize: 1024 * 1024 } });

  const router = createEndpointRouter(app, { auth: deps.auth, operator, scratchDir: deps.scratchDir, validateResponses: deps.validateResponses });
  registerDocsRoutes(router, { production: deps.production ?? false, publicUrl: deps.publicUrl });
  for (const feature of modules) await feature.register({ router, app, operator });
  registerHealthRoutes(router, { readiness: deps.readiness, metrics: deps.metrics, operator });

  await registerWebRoutes(app, deps.webDistDir ?? '');
  return app;
}
