import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Repositories } from './db/repositories/index.ts';
import { registerAccountRoutes } from './http/account-routes.ts';
import { registerAnalyticsRoutes } from './http/analytics-routes.ts';
import { registerAuthHandler } from './http/auth-handler.ts';
import { registerBgMusicRoutes } from './http/bg-music-routes.ts';
import { registerBrollRoutes } from './http/broll-routes.ts';
import { registerCsrfGuard } from './http/csrf.ts';
import { registerDashboardRoutes } from './http/dashboard-routes.ts';
import { registerDevOutboxRoutes } from './http/dev-outbox-routes.ts';
import { registerDocsRoutes } from './http/docs-routes.ts';
import { createEndpointRouter } from './http/endpoint-router.ts';
import { createOperatorGuard, withoutOperatorToken } from './http/operator.ts';
import { logDestination, registerRequestLog } from './http/request-log.ts';
import { recordRoutes } from './http/route-table.ts';
import { registerSecurityHeaders, type ContentSources } from './http/security-headers.ts';
import type { OriginTrust } from './services/origins.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerFileRoutes } from './http/file-routes.ts';
import { registerIdeaRoutes } from './http/idea-routes.ts';
import { registerVoiceRoutes } from './http/voice-routes.ts';
import type { VoiceSamples } from './services/voice-samples.ts';
import { registerFinalVideoRoutes } from './http/final-video-routes.ts';
import { registerJobRoutes } from './http/job-routes.ts';
import { registerHealthRoutes } from './http/health-routes.ts';
import { registerLibraryRoutes } from './http/library-routes.ts';
import { registerScriptRoutes } from './http/script-routes.ts';
import { registerSubtitleRoutes } from './http/subtitle-routes.ts';
import { registerUploadRoutes } from './http/upload-routes.ts';
import { registerWebRoutes } from './http/web-routes.ts';
import type { FinalRenderJob } from './jobs/final-render-job.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { SpeechJob } from './jobs/speech-job.ts';
import type { TranscribeJob } from './jobs/transcribe-job.ts';
import type { EmailSender } from './providers/email/types.ts';
import type { MediaPort } from './providers/media/types.ts';
import type { ObjectStorage } from './providers/storage/types.ts';
import type { Writer } from './providers/writer/index.ts';
import { createAccountsService } from './services/accounts.ts';
import { createAutoBroll } from './services/auto-broll.ts';
import { createBgMusicService } from './services/bg-music.ts';
import { createBrollsService, type BrollsDependencies } from './services/brolls.ts';
import type { Auth } from './services/auth.ts';
import { createDashboardService } from './services/dashboard.ts';
import type { FileUrlSigner } from './services/file-urls.ts';
import type { LibraryFeatures } from './services/library-setup.ts';
import { createIdeasService } from './services/ideas.ts';
import { createProjectsService } from './services/projects.ts';
import { createDraftsService } from './services/drafts.ts';
import { createScriptService } from './services/script.ts';
import { createScriptVideo } from './services/script-video.ts';
import type { QuotaService } from './services/quotas.ts';
import type { BillingService } from './services/billing.ts';
import type { Seller } from './services/invoice-pdf.ts';
import type { PaymentProvider } from './providers/payments/types.ts';
import type { TestGateway } from './providers/payments/test-gateway.ts';
import { registerBillingRoutes } from './http/billing-routes.ts';
import { registerPaymentWebhookRoutes } from './http/payment-webhook-routes.ts';
import { registerTestGatewayRoutes } from './http/test-gateway-routes.ts';
import { createFinalVideoService } from './services/final-video.ts';
import { createSubtitlesService } from './services/subtitles.ts';
import { createOwnSound } from './services/own-sound.ts';
import { createTranscriptions } from './services/transcriptions.ts';
import type { UploadService } from './services/uploads.ts';
import { createWorkflowProjects } from './services/workflow-projects.ts';
import { createProjectVideoJobs } from './services/project-video-jobs.ts';
import { createVideoJobCredits } from './services/video-job-credits.ts';
import { createImageToVideoService } from './services/image-to-video.ts';
import { createImageEffects } from './services/image-effects.ts';
import { registerImageToVideoRoutes } from './http/image-to-video-routes.ts';
import { createVideoAudioService } from './services/video-audio.ts';
import { registerVideoAudioRoutes } from './http/video-audio-routes.ts';
import { createVoiceoverService } from './services/voiceover.ts';
import { registerVoiceoverRoutes } from './http/voiceover-routes.ts';
import { createStoryboardService } from './services/storyboard.ts';
import { registerStoryboardRoutes } from './http/storyboard-routes.ts';
import type { VoiceCloner } from './providers/tts/index.ts';
import { createClonedVoiceService } from './services/cloned-voice.ts';
import { registerClonedVoiceRoutes } from './http/cloned-voice-routes.ts';
import { createOwnVideos } from './services/own-videos.ts';
import { registerOwnVideoRoutes } from './http/own-video-routes.ts';

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
  registerLibraryRoutes(app, router, deps.media);
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
