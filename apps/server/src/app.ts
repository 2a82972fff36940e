import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { ReadinessResponse } from '@reelsmith/contracts';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { composeFeatures } from './compose-features.ts';
import type { LibraryFeatures } from './compose-library.ts';
import type { Auth } from './platform/auth.ts';
import type { FileUrlSigner } from './core/files/file-urls.ts';
import type { OriginTrust } from './platform/origins.ts';
import type { QuotaService } from './core/credits/quotas.ts';
import type { UploadService } from './core/files/uploads.ts';
import type { Repositories } from './db/repositories/index.ts';
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
import type { FinalRenderJob } from './jobs/final-render-job.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { RenderJob } from './jobs/render-job.ts';
import type { SpeechJob } from './jobs/speech-job.ts';
import type { TranscribeJob } from './jobs/transcribe-job.ts';
import type { VideoGenerationJob } from './jobs/video-generation-job.ts';
import type { ImageGenerationJob } from './jobs/image-generation-job.ts';
import type { BillingService } from './modules/billing/billing.ts';
import type { Seller } from './modules/billing/invoice-pdf.ts';
import type { VoiceSamples } from './modules/voiceover/voice-samples.ts';
import type { EmailSender } from './providers/email/types.ts';
import type { MediaPort } from './providers/media/types.ts';
import type { Metrics } from './providers/metrics/metrics.ts';
import type { TestGateway } from './providers/payments/test-gateway.ts';
import type { PaymentProvider } from './providers/payments/types.ts';
import type { ObjectStorage } from './providers/storage/types.ts';
import type { ImageGenerator } from './providers/image-generation/types.ts';
import type { VideoGenerator } from './providers/video-generation/types.ts';
import type { VoiceCloner } from './providers/tts/index.ts';
import type { Writer } from './providers/writer/index.ts';

export interface AppDependencies {
  repositories: Repositories;
  auth: Auth;
  email: EmailSender;
  storage: ObjectStorage;
  /** Every ffmpeg and ffprobe run of the services. */
  mediaPort: MediaPort;
  signer: FileUrlSigner;
  uploads: UploadService;
  queue: JobQueue;
  finalRenderJob: FinalRenderJob;
  renderJob: RenderJob;
  quotas: QuotaService;
  writer: Writer;
  voiceSamples: VoiceSamples;
  speechJob: SpeechJob;
  transcribeJob: TranscribeJob;
  /** Image-to-video generation (AI video, Product Showcase, Before/After) and which generator it runs on. */
  videoGenerationJob: VideoGenerationJob;
  videoGeneratorName: VideoGenerator['name'];
  /** UGC stills: the image generation job, what its generator can draw, and how many stills an AI credit allows. */
  imageGenerationJob: ImageGenerationJob;
  imageGenerator: Pick<ImageGenerator, 'name' | 'drawsPeople'>;
  ugcImagesPerAiCredit: number;
  /** Cloned voices (Pro plan); undefined when ElevenLabs is not configured. */
  cloner: VoiceCloner | undefined;
  /** Scratch space for files made on the way to storage. */
  tmpDir: string;
  billing: BillingService;
  paymentProvider: PaymentProvider;
  testGateway: TestGateway | undefined;
  seller: Seller;
  media: LibraryFeatures;
  publicUrl: string;
  origins: OriginTrust;
  /** Opens the dev mailbox and the test gateway's clock. */
  operatorToken: string;
  contentSources: ContentSources;
  rateLimit: { max: number; windowSeconds: number };
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

/** Builds the HTTP app from ready collaborators; main.ts (or a test) decides which ones. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
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
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.repositories.rateLimits) });
  purgeRateLimitsWhileOpen(app, deps.repositories.rateLimits);
  // Several spec calls post form-encoded bodies (SPEC §7 "form").
  await app.register(formbody);
  // A file's byte limit is its upload policy's, applied as the router reads it; this is only the outer bound for any request.
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 12, fields: 50, fieldSize: 1024 * 1024 } });

  const router = createEndpointRouter(app, { auth: deps.auth, operator, scratchDir: deps.tmpDir, validateResponses: deps.validateResponses });
  registerDocsRoutes(router, { production: deps.production ?? false, publicUrl: deps.publicUrl });
  for (const feature of composeFeatures(deps, (line) => app.log.error(line))) await feature.register({ router, app, operator });
  registerHealthRoutes(router, { readiness: deps.readiness, metrics: deps.metrics, operator });

  await registerWebRoutes(app, deps.webDistDir ?? '');
  return app;
}
