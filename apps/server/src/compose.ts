import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createRepositories, type Repositories } from './db/repositories/index.ts';
import { createFinalVideosRepository } from './db/repositories/final-videos.ts';
import { paymentWebhookPath } from './modules/billing/payment-webhook-routes.ts';
import { createRazorpayProvider } from './providers/payments/razorpay.ts';
import { createTestGateway } from './providers/payments/test-gateway.ts';
import { createBoss } from './jobs/boss.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createFinalRenderJob } from './jobs/final-render-job.ts';
import { createRenderJob } from './jobs/render-job.ts';
import { createRenderSegmentJob } from './jobs/render-segment-job.ts';
import { createFinalVideoRenderer } from './jobs/segmented-render.ts';
import { createSpeechJob } from './jobs/speech-job.ts';
import { createTranscribeJob } from './jobs/transcribe-job.ts';
import { createLibraryItemJob } from './jobs/library-item-job.ts';
import { createVideoGenerationJob } from './jobs/video-generation-job.ts';
import { createEmailSender } from './providers/email/index.ts';
import { createMediaPort } from './providers/media/index.ts';
import { createStorage } from './providers/storage/index.ts';
import { createWriter } from './providers/writer/index.ts';
import { createSpeech } from './providers/tts/index.ts';
import { createTranscriber } from './providers/transcriber/index.ts';
import { createMotionTemplates, createVideoGenerator } from './providers/video-generation/index.ts';
import { createImageGenerator } from './providers/image-generation/index.ts';
import { createImageGenerationJob } from './jobs/image-generation-job.ts';
import { createAuth } from './platform/auth.ts';
import { createOriginPolicy } from './platform/origins.ts';
import { createFileUrlSigner } from './core/files/file-urls.ts';
import { libraryTasks } from './modules/library/index.ts';
import { composeFeatures } from './compose-features.ts';
import type { Infrastructure, Logger } from './infrastructure.ts';
import { createQuotaService, rendersAtOnce } from './core/credits/quotas.ts';
import { createReadiness } from './platform/readiness.ts';
import { instrumented } from './providers/metrics/instrument.ts';
import { createMetrics } from './providers/metrics/metrics.ts';
import { createUploadService } from './core/files/uploads.ts';
import { buildApp } from './app.ts';

export type { Logger } from './infrastructure.ts';

/** The collaborators both the web process and a worker-only process need. */
export function composeCore(config: AppConfig, database: DatabaseHandle, log: Logger) {
  const repositories = createRepositories(database.db);
  const metrics = createMetrics({ jobCounts: () => repositories.jobStatus.countsByQueueAndState() });
  const measure = <T extends object>(provider: T, name: string) => instrumented(provider, name, metrics);
  const storage = createStorage({ dataDir: config.dataDir, s3: config.s3 });
  const mediaPort = createMediaPort();
  const boss = createBoss(database, (error) => log.error(`job queue: ${error.message}`));
  const render = createRenderJob({ storage, media: mediaPort, tmpDir: config.tmpDir });
  const segment = createRenderSegmentJob({ storage, media: mediaPort, tmpDir: config.tmpDir });
  const final = createFinalRenderJob({
    render,
    renderVideo: createFinalVideoRenderer({
      render,
      segment,
      queue: () => queue,
      storage,
      media: mediaPort,
      tmpDir: config.tmpDir,
      settings: config.renderSegments,
    }),
    storage,
    media: mediaPort,
    finalVideosIn: createFinalVideosRepository,
    tmpDir: config.tmpDir,
    rendersAtOnce: (userId) => rendersAtOnce(repositories.subscriptions, userId),
  });
  const spoken = createSpeech(config.tts, { tmpDir: config.tmpDir, media: mediaPort });
  const speech = { tts: measure(spoken.tts, config.tts.openai ? 'openai-tts' : 'local-tts'), cloner: spoken.cloner && measure(spoken.cloner, 'elevenlabs') };
  const transcriber = measure(createTranscriber({ tmpDir: config.tmpDir, media: mediaPort, hosted: config.stt }), config.stt ? 'hosted-stt' : 'local-stt');
  const library = libraryTasks({ settings: config.library, pexels: config.pexels, storage, media: mediaPort });
  const templates = measure(createMotionTemplates({ media: mediaPort, localDir: join(config.dataDir, 'tmp', 'motion') }), 'video-local');
  const generator = createVideoGenerator(config.videoGeneration, templates);
  const videoGenerator = generator === templates ? templates : measure(generator, `video-${generator.name}`);
  const painter = createImageGenerator(config.imageGeneration, { localDir: join(config.dataDir, 'tmp', 'stills') });
  const imageGenerator = measure(painter, `image-${painter.name}`);
  const jobs = {
    render,
    final,
    segment,
    speech: createSpeechJob({ ...speech, storage, media: mediaPort, tmpDir: config.tmpDir }),
    transcribe: createTranscribeJob({ transcriber, storage, logError: log.error }),
    libraryItem: createLibraryItemJob({ task: async (id) => (await library()).find((task) => task.id === id), tmpDir: config.tmpDir }),
    videoGeneration: createVideoGenerationJob({
      generator: videoGenerator,
      templates,
      generations: repositories.videoGenerations,
      storage,
      media: mediaPort,
      tmpDir: config.tmpDir,
      limits: config.videoGenerationLimits,
      ...config.videoGenerationTuning,
    }),
    imageGeneration: createImageGenerationJob({ generator: imageGenerator, storage, media: mediaPort, tmpDir: config.tmpDir, ...config.videoGenerationTuning }),
  };
  const queue = createJobQueue({
    boss,
    statuses: repositories.jobStatus,
    definitions: Object.values(jobs),
    log,
    observeJob: metrics.observeJob,
    lostAfterMs: config.jobLostAfterSeconds * 1000,
    shutdownGraceMs: config.jobShutdownGraceSeconds * 1000,
    exclusively: database.exclusively,
    // A job that ends after its account was deleted may have stored a file since: the user's folder goes again.
    onOwnerGone: async (userId) => void (await storage.deletePrefix(`users/${userId}/`)),
  });
  const writer = measure(createWriter(config.llm, log.error), config.llm ? 'llm' : 'local-writer');
  return { repositories, storage, mediaPort, queue, jobs, writer, speech, transcriber, libraryTasks: library, videoGenerator, imageGenerator, metrics, measure };
}

/**
 * Razorpay when configured, else the built-in test gateway. The gateway delivers its webhooks through the app's own
 * HTTP stack (signature check included), so it is connected once the app exists; its clock is the app's clock.
 */
async function composePayments(config: AppConfig, repositories: Repositories, log: Logger) {
  if (config.razorpay) {
    return { provider: createRazorpayProvider(config.razorpay), testGateway: undefined, clock: () => new Date(), connect: () => undefined };
  }
  let app: FastifyInstance | undefined;
  const testGateway = createTestGateway({
    books: repositories.gateway,
    publicUrl: config.publicUrl,
    webhookSecret: createHmac('sha256', config.authSecret).update('test gateway webhooks').digest('hex'),
    async deliver(rawBody, headers) {
      const response = await app!.inject({ method: 'POST', url: paymentWebhookPath, payload: rawBody, headers });
      if (response.statusCode >= 400) log.error(`test gateway webhook answered ${response.statusCode}: ${response.body}`);
    },
  });
  await testGateway.ready();
  return {
    provider: testGateway.provider,
    testGateway,
    clock: testGateway.now,
    connect(built: FastifyInstance) {
      app = built;
    },
  };
}

/** The infrastructure of the web process: the core's stores, queue and providers, plus mail, payments, credits and sign-in. */
async function composeInfrastructure(config: AppConfig, database: DatabaseHandle, log: Logger): Promise<Infrastructure & { connectPayments(app: FastifyInstance): void }> {
  const core = composeCore(config, database, log);
  const { repositories, storage } = core;
  const email = createEmailSender({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }, repositories.outbox);
  const { connect, ...payments } = await composePayments(config, repositories, log);
  const quotas = createQuotaService({ subscriptions: repositories.subscriptions, clock: payments.clock, creditSpent: (kind) => core.metrics.creditSpent(kind) });
  const origins = createOriginPolicy({ publicUrl: config.publicUrl, publicUrlConfigured: config.publicUrlConfigured });
  const auth = createAuth({
    onUserCreated: async (created) => {
      await repositories.users.ensureProfile({ userId: created.id, email: created.email, name: created.name });
      await quotas.current(created.id);
    },
    db: database.db,
    users: repositories.users,
    email,
    publicUrl: config.publicUrl,
    origins,
    secret: config.authSecret,
    log,
  });
  const signer = createFileUrlSigner({ secret: config.authSecret, ttlSeconds: config.fileUrlTtlSeconds });
  const uploads = createUploadService({ storage, uploads: repositories.uploads, signer, probe: core.mediaPort.probeDecodable, tmpDir: config.tmpDir, logError: log.error });
  return { ...core, config, log, email, payments, quotas, auth, origins, signer, uploads, exclusivelyFor: database.exclusivelyFor, connectPayments: connect };
}

/** The composition root of the web process: infrastructure, then the feature modules, then the HTTP shell with them on it. */
export async function composeApp(config: AppConfig, database: DatabaseHandle, log: Logger) {
  const { connectPayments, ...infra } = await composeInfrastructure(config, database, log);
  const features = composeFeatures(infra);
  const app = await buildApp(
    {
      auth: infra.auth,
      origins: infra.origins,
      publicUrl: config.publicUrl,
      operatorToken: config.operatorToken,
      contentSources: { publicUrl: config.publicUrl, s3: config.s3, pexels: config.pexels },
      rateLimits: infra.repositories.rateLimits,
      scratchDir: config.tmpDir,
      webDistDir: config.webDistDir,
      logLevel: config.logLevel,
      production: config.production,
      validateResponses: config.validateResponses,
      trustProxy: config.trustProxy,
      readiness: createReadiness({ database, storage: infra.storage }),
      metrics: infra.metrics,
    },
    features.modules,
  );
  connectPayments(app);
  return { ...infra, app, testGateway: infra.payments.testGateway, media: { library: features.library } };
}
