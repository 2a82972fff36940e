import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Repositories } from './db/repositories/index.ts';
import { registerAccountRoutes } from './modules/accounts/account-routes.ts';
import { registerAnalyticsRoutes } from './modules/accounts/analytics-routes.ts';
import { registerAuthHandler } from './modules/accounts/auth-handler.ts';
import { registerBgMusicRoutes } from './modules/music/bg-music-routes.ts';
import { registerBrollRoutes } from './modules/brolls/broll-routes.ts';
import { registerCsrfGuard } from './http/csrf.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard-routes.ts';
import { registerDevOutboxRoutes } from './modules/accounts/dev-outbox-routes.ts';
import { registerDocsRoutes } from './http/docs-routes.ts';
import { createEndpointRouter } from './http/endpoint-router.ts';
import { createOperatorGuard, withoutOperatorToken } from './http/operator.ts';
import { logDestination, registerRequestLog } from './http/request-log.ts';
import { recordRoutes } from './http/route-table.ts';
import { registerSecurityHeaders, type ContentSources } from './http/security-headers.ts';
import type { OriginTrust } from './core/origins.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerFileRoutes } from './modules/files/file-routes.ts';
import { registerIdeaRoutes } from './modules/ideas/idea-routes.ts';
import { registerVoiceRoutes } from './modules/voiceover/voice-routes.ts';
import type { VoiceSamples } from './modules/voiceover/voice-samples.ts';
import { registerFinalVideoRoutes } from './modules/final-video/final-video-routes.ts';
import { registerJobRoutes } from './modules/files/job-routes.ts';
import { registerHealthRoutes } from './http/health-routes.ts';
import { registerLibraryLifecycle } from './modules/library/library-lifecycle.ts';
import { registerMusicRoutes } from './modules/music/music-routes.ts';
import { registerScrollStopperRoutes } from './modules/scroll-stopper/scroll-stopper-routes.ts';
import { registerStockRoutes } from './modules/stock/stock-routes.ts';
import { registerScriptRoutes } from './modules/script/script-routes.ts';
import { registerSubtitleRoutes } from './modules/subtitles/subtitle-routes.ts';
import { registerUploadRoutes } from './modules/files/upload-routes.ts';
import { registerWebRoutes } from './http/web-routes.ts';
import type { FinalRenderJob } from './jobs/final-render-job.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { SpeechJob } from './jobs/speech-job.ts';
import type { TranscribeJob } from './jobs/transcribe-job.ts';
import type { EmailSender } from './providers/email/types.ts';
import type { MediaPort } from './providers/media/types.ts';
import type { ObjectStorage } from './providers/storage/types.ts';
import type { Writer } from './providers/writer/index.ts';
import { createAccountsService } from './modules/accounts/accounts.ts';
import { createAutoBroll } from './modules/brolls/auto-broll.ts';
import { createBgMusicService } from './modules/music/bg-music.ts';
import { createBrollsService, type BrollsDependencies } from './modules/brolls/brolls.ts';
import type { Auth } from './core/auth.ts';
import { createDashboardService } from './modules/dashboard/dashboard.ts';
import type { FileUrlSigner } from './core/file-urls.ts';
import type { LibraryFeatures } from './compose-library.ts';
import { createIdeasService } from './modules/ideas/ideas.ts';
import { createProjectsService } from './core/projects.ts';
import { createDraftsService } from './modules/dashboard/drafts.ts';
import { createScriptService } from './modules/script/script.ts';
import { createScriptVideo } from './modules/script/script-video.ts';
import type { QuotaService } from './core/quotas.ts';
import type { BillingService } from './modules/billing/billing.ts';
import type { Seller } from './modules/billing/invoice-pdf.ts';
import type { PaymentProvider } from './providers/payments/types.ts';
import type { TestGateway } from './providers/payments/test-gateway.ts';
import { registerBillingRoutes } from './modules/billing/billing-routes.ts';
import { registerPaymentWebhookRoutes } from './modules/billing/payment-webhook-routes.ts';
import { registerTestGatewayRoutes } from './modules/billing/test-gateway-routes.ts';
import { createFinalVideoService } from './modules/final-video/final-video.ts';
import { createSubtitlesService } from './modules/subtitles/subtitles.ts';
import { createOwnSound } from './core/own-sound.ts';
import { createTranscriptions } from './core/transcriptions.ts';
import type { UploadService } from './core/uploads.ts';
import { createWorkflowProjects } from './core/workflow-projects.ts';
import { createProjectVideoJobs } from './core/project-video-jobs.ts';
import { createVideoJobCredits } from './core/video-job-credits.ts';
import { createImageToVideoService } from './modules/image-to-video/image-to-video.ts';
import { createImageEffects } from './modules/image-to-video/image-effects.ts';
import { registerImageToVideoRoutes } from './modules/image-to-video/image-to-video-routes.ts';
import { createVideoAudioService } from './modules/own-video/video-audio.ts';
import { registerVideoAudioRoutes } from './modules/own-video/video-audio-routes.ts';
import { createVoiceoverService } from './modules/voiceover/voiceover.ts';
import { registerVoiceoverRoutes } from './modules/voiceover/voiceover-routes.ts';
import { createStoryboardService } from './modules/storyboard/storyboard.ts';
import { registerStoryboardRoutes } from './modules/storyboard/storyboard-routes.ts';
import type { VoiceCloner } from './providers/tts/index.ts';
import { createClonedVoiceService } from './modules/voiceover/cloned-voice.ts';
import { registerClonedVoiceRoutes } from './modules/voiceover/cloned-voice-routes.ts';
import { createOwnVideos } from './modules/own-video/own-videos.ts';
import { registerOwnVideoRoutes } from './modules/own-video/own-video-routes.ts';

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
  renderJob: BrollsDependencies['renderJob'];
  quotas: QuotaService;
  writer: Writer;
  voiceSamples: VoiceSamples;
  speechJob: SpeechJob;
  transcribeJob: TranscribeJob;
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
}

/** Builds the HTTP app from ready collaborators; main.ts (or a test) decides which ones. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      stream: logDestination(),
      serializers: {
        // Fastify's own request line, minus the operator token a mailbox link carries.
        req: (request) => ({ method: request.method, url: withoutOperatorToken(request.url), host: request.host, remoteAddress: request.ip }),
      },
    },
    // registerRequestLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
  });
  recordRoutes(app);
  registerRequestLog(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, deps.contentSources);
  registerInputGuard(app);
  registerCsrfGuard(app, deps.origins);
  const operator = createOperatorGuard(deps.operatorToken, deps.publicUrl.startsWith('https://'));
  await app.register(rateLimit, { global: false });
  // Several spec calls post form-encoded bodies (SPEC §7 "form").
  await app.register(formbody);
  // Per-route byte limits are set where each file is read; this is only the outer bound for any request.
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 12, fields: 50, fieldSize: 1024 * 1024 } });

  const router = createEndpointRouter(app, { auth: deps.auth, operator, validateResponses: deps.validateResponses });
  registerDocsRoutes(router, { production: deps.production ?? false, publicUrl: deps.publicUrl });
  registerAuthHandler(router, deps.auth, deps.publicUrl);
  const accounts = createAccountsService({ users: deps.repositories.users, auth: deps.auth });
  registerAccountRoutes(router, { accounts, resendLimit: deps.rateLimit });
  registerAnalyticsRoutes(router, { pageViews: deps.repositories.pageViews });
  registerFileRoutes(router, { storage: deps.storage, signer: deps.signer, auth: deps.auth });
  registerUploadRoutes(router, { uploads: deps.uploads });
  registerJobRoutes(router, { queue: deps.queue, signer: deps.signer });
  const { subscriptions, uploads, projects } = deps.repositories;
  const workflow = createWorkflowProjects(projects);
  const { mediaPort } = deps;
  const probe = (path: string) => mediaPort.probe(path);
  const probeDuration = async (path: string) => (await probe(path)).duration;
  const videoJobCredits = createVideoJobCredits({ credits: deps.repositories.videoCredits, queue: deps.queue, quotas: deps.quotas, workflow });
  registerDashboardRoutes(router, {
    dashboard: createDashboardService({
      quotas: deps.quotas,
      subscriptions,
      uploads,
      uploadService: deps.uploads,
      signer: deps.signer,
      settleHeldCredits: videoJobCredits.settleUser,
    }),
    projects: createProjectsService({
      projects,
      quotas: deps.quotas,
      storage: deps.storage,
      signer: deps.signer,
      uploads,
      probeDuration,
      backgrounds: () => deps.media.library.list('background'),
    }),
    drafts: createDraftsService({ projects, uploads, storage: deps.storage }),
  });
  registerBillingRoutes(router, { billing: deps.billing, repositories: deps.repositories, seller: deps.seller });
  await registerPaymentWebhookRoutes(app, router, { provider: deps.paymentProvider, billing: deps.billing });
  if (deps.testGateway) registerTestGatewayRoutes(router, deps.testGateway);
  const ideas = createIdeasService({
    profiles: deps.repositories.businessProfiles,
    ideas: deps.repositories.ideas,
    projects: deps.repositories.projects,
    quotas: deps.quotas,
    writer: deps.writer,
  });
  registerIdeaRoutes(router, { ideas });
  registerVoiceRoutes(router, { samples: deps.voiceSamples, signer: deps.signer });
  const transcriptions = createTranscriptions({ queue: deps.queue, job: deps.transcribeJob });
  const scriptVideo = createScriptVideo({
    storage: deps.storage,
    signer: deps.signer,
    transcriptions,
    probe,
  });
  const script = createScriptService({ projects, quotas: deps.quotas, writer: deps.writer, video: scriptVideo, business: ideas.brief });
  registerScriptRoutes(router, { script });
  // check-video-status also settles credits held for image-to-video renders: a failed one gives its credit back.
  const videoJobs = videoJobCredits.settling(createProjectVideoJobs({ workflow, queue: deps.queue, signer: deps.signer, renderJob: deps.renderJob }));
  const silences = (path: string, seconds: number) => mediaPort.detectSilences(path, { tmpDir: deps.tmpDir, duration: seconds });
  const ownSound = createOwnSound({ storage: deps.storage, transcriptions, probe, silences, logError: (line) => app.log.error(line) });
  registerSubtitleRoutes(router, { subtitles: createSubtitlesService({ workflow, ownSound, signer: deps.signer }) });
  const voiceover = createVoiceoverService({ queue: deps.queue, speechJob: deps.speechJob, storage: deps.storage, signer: deps.signer, workflow });
  registerVoiceoverRoutes(router, { voiceover });
  const clonedVoice = createClonedVoiceService({ cloner: deps.cloner, quotas: deps.quotas, voiceover, recordingEmail: deps.seller.email });
  registerClonedVoiceRoutes(router, { clonedVoice });
  const finalVideo = createFinalVideoService({
    workflow,
    queue: deps.queue,
    job: deps.finalRenderJob,
    quotas: deps.quotas,
    uploads: deps.uploads,
    signer: deps.signer,
    ownSound,
    credits: videoJobCredits,
    logoOf: async (userId) => (await subscriptions.find(userId))?.logoKey ?? null,
  });
  registerFinalVideoRoutes(router, { finalVideo });
  registerStockRoutes(router, { stock: deps.media.stock });
  registerMusicRoutes(router, { music: deps.media.catalogue.music });
  registerScrollStopperRoutes(router, { backgrounds: deps.media.catalogue.backgrounds });
  registerLibraryLifecycle(app, deps.media);
  const brolls = createBrollsService({ workflow, uploads: deps.uploads, storage: deps.storage, signer: deps.signer, queue: deps.queue, renderJob: deps.renderJob, probeDuration });
  const autoBroll = createAutoBroll({ workflow, stock: deps.media.stock, storage: deps.storage, signer: deps.signer, probeDuration, ownSound });
  registerBrollRoutes(router, { brolls, autoBroll });
  registerVideoAudioRoutes(router, {
    videoAudio: createVideoAudioService({ workflow, videoJobs, storage: deps.storage, signer: deps.signer, probeDuration }),
  });
  // Storyboard videos are checked as uploads are (probe and decode) before any of them is stored.
  const probeMedia = mediaPort.probeDecodable;
  const storyboard = createStoryboardService({ workflow, writer: deps.writer, business: ideas.brief, uploads: deps.uploads, storage: deps.storage, signer: deps.signer, videoJobs, probeMedia, probeDuration, tmpDir: deps.tmpDir });
  registerStoryboardRoutes(router, { storyboard });
  const imageToVideo = createImageToVideoService({ workflow, uploads: deps.uploads, storage: deps.storage, signer: deps.signer, quotas: deps.quotas, videoJobs, credits: videoJobCredits, probe: probeMedia, tmpDir: deps.tmpDir });
  registerImageToVideoRoutes(router, { imageToVideo, effects: createImageEffects({ storage: deps.storage, media: mediaPort, signer: deps.signer, tmpDir: deps.tmpDir }) });
  const libraryTracks = () => deps.media.library.list('track');
  registerBgMusicRoutes(router, { bgMusic: createBgMusicService({ workflow, uploads: deps.uploads, storage: deps.storage, signer: deps.signer, libraryTracks }) });
  const ownVideos = createOwnVideos({ workflow, ownVideos: deps.repositories.ownVideos, uploads: deps.uploads, uploadRecords: uploads, signer: deps.signer, videoJobs });
  registerOwnVideoRoutes(router, { ownVideos, tmpDir: deps.tmpDir });
  if (deps.email.kind === 'outbox') registerDevOutboxRoutes(router, deps.repositories.outbox, operator);
  registerHealthRoutes(router);

  await registerWebRoutes(app, deps.webDistDir ?? '');
  return app;
}
