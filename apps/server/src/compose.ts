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
import { createBillingService } from './modules/billing/billing.ts';
import { createCheckouts } from './modules/billing/checkouts.ts';
import { createPaymentArrivals } from './modules/billing/payment-arrivals.ts';
import { createPlanChanges } from './modules/billing/plan-changes.ts';
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
import { createVoiceSamples } from './modules/voiceover/voice-samples.ts';
import { createTranscriber } from './providers/transcriber/index.ts';
import { createVideoGenerator } from './providers/video-generation/index.ts';
import { createImageGenerator } from './providers/image-generation/index.ts';
import { createImageGenerationJob } from './jobs/image-generation-job.ts';
import { createAuth } from './core/auth.ts';
import { createOriginPolicy } from './core/origins.ts';
import { createFileUrlSigner } from './core/file-urls.ts';
import { createLibraryFeatures, libraryTasks } from './compose-library.ts';
import { createQuotaService, rendersAtOnce } from './core/quotas.ts';
import { createReadiness } from './core/readiness.ts';
import { instrumented } from './providers/metrics/instrument.ts';
import { createMetrics } from './providers/metrics/metrics.ts';
import { createUploadService } from './core/uploads.ts';
import { buildApp } from './app.ts';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

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
  const generator = createVideoGenerator(config.videoGeneration, { media: mediaPort, localDir: join(config.dataDir, 'tmp', 'motion') });
  const videoGenerator = measure(generator, `video-${generator.name}`);
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

/** The composition root of the web process: one place that turns config and a database into the running app. */
export async function composeApp(config: AppConfig, database: DatabaseHandle, log: Logger) {
  const core = composeCore(config, database, log);
  const { repositories, storage } = core;
  const email = createEmailSender({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }, repositories.outbox);
  const payments = await composePayments(config, repositories, log);
  const quotas = createQuotaService({ subscriptions: repositories.subscriptions, clock: payments.clock, creditSpent: (kind) => core.metrics.creditSpent(kind) });
  const planChanges = createPlanChanges({ subscriptions: repositories.subscriptions, billing: repositories.billing, clock: payments.clock });
  const arrivals = createPaymentArrivals({ provider: payments.provider, billing: repositories.billing, quotas, planChanges, log });
  const billing = createBillingService({
    provider: payments.provider,
    billing: repositories.billing,
    quotas,
    planChanges,
    arrivals,
    checkouts: createCheckouts({ provider: payments.provider, billing: repositories.billing, log }),
    publicUrl: config.publicUrl,
    clock: payments.clock,
    log,
  });
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
  const uploads = createUploadService({
    storage,
    uploads: repositories.uploads,
    signer,
    probe: core.mediaPort.probeDecodable,
    tmpDir: config.tmpDir,
  });
  const media = createLibraryFeatures({
    settings: config.library,
    pexels: config.pexels,
    tasks: core.libraryTasks,
    queue: core.queue,
    job: core.jobs.libraryItem,
    storage,
    signer,
    uploads,
    log,
    measure: core.measure,
  });
  const app = await buildApp({
    repositories,
    auth,
    email,
    storage,
    mediaPort: core.mediaPort,
    signer,
    uploads,
    queue: core.queue,
    finalRenderJob: core.jobs.final,
    renderJob: core.jobs.render,
    quotas,
    writer: core.writer,
    speechJob: core.jobs.speech,
    transcribeJob: core.jobs.transcribe,
    videoGenerationJob: core.jobs.videoGeneration,
    videoGeneratorName: core.videoGenerator.name,
    videoGenerator: core.videoGenerator,
    imageGenerationJob: core.jobs.imageGeneration,
    imageGenerator: core.imageGenerator,
    ugcImagesPerAiCredit: config.ugcImagesPerAiCredit,
    cloner: core.speech.cloner,
    tmpDir: config.tmpDir,
    voiceSamples: createVoiceSamples({ tts: core.speech.tts, storage, tmpDir: config.tmpDir, log: log.error }),
    billing,
    paymentProvider: payments.provider,
    testGateway: payments.testGateway,
    seller: config.seller,
    media,
    publicUrl: config.publicUrl,
    origins,
    operatorToken: config.operatorToken,
    contentSources: { publicUrl: config.publicUrl, s3: config.s3, pexels: config.pexels },
    rateLimit: config.authRateLimit,
    webDistDir: config.webDistDir,
    logLevel: config.logLevel,
    production: config.production,
    validateResponses: config.validateResponses,
    trustProxy: config.trustProxy,
    readiness: createReadiness({ database, storage }),
    metrics: core.metrics,
  });
  payments.connect(app);
  return { ...core, app, auth, email, signer, uploads, quotas, billing, testGateway: payments.testGateway, media };
}
