import type { AppDependencies } from './app.ts';
import { createOwnSound } from './core/project/own-sound.ts';
import { createProjectVideoJobs } from './core/project/project-video-jobs.ts';
import { createProjectsService } from './core/project/projects.ts';
import { createTranscriptions } from './core/files/transcriptions.ts';
import { createVideoJobCredits } from './core/paid-jobs/video-job-credits.ts';
import { createWorkflowProjects } from './core/project/workflow-projects.ts';
import type { FeatureModule } from './http/feature-module.ts';
import { accountDataModule } from './modules/account-data/index.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { beforeAfterModule } from './modules/before-after/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { renderInvoicePdf } from './modules/billing/invoice-pdf.ts';
import { brollsModule } from './modules/brolls/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { filesModule } from './modules/files/index.ts';
import { finalVideoModule } from './modules/final-video/index.ts';
import { ideasModule } from './modules/ideas/index.ts';
import { imageToVideoModule } from './modules/image-to-video/index.ts';
import { libraryModule } from './modules/library/index.ts';
import { musicModule } from './modules/music/index.ts';
import { ownVideoModule } from './modules/own-video/index.ts';
import { productShowcaseModule } from './modules/product-showcase/index.ts';
import { productIntroModule } from './modules/product-intro/index.ts';
import { scriptModule } from './modules/script/index.ts';
import { scrollStopperModule } from './modules/scroll-stopper/index.ts';
import { stockModule } from './modules/stock/index.ts';
import { storyboardModule } from './modules/storyboard/index.ts';
import { subtitlesModule } from './modules/subtitles/index.ts';
import { ugcModule } from './modules/ugc/index.ts';
import { voiceoverModule } from './modules/voiceover/index.ts';

/**
 * The feature half of the composition root: what the features share (core/) is made once here, and every feature
 * module is given exactly the collaborators it names. Adding a feature is one entry in this list.
 */
export function composeFeatures(deps: AppDependencies, logError: (line: string) => void): FeatureModule[] {
  const { repositories, storage, signer, queue, quotas, mediaPort, tmpDir } = deps;
  const { subscriptions, uploads, projects } = repositories;
  const workflow = createWorkflowProjects(projects);
  const probe = (path: string) => mediaPort.probe(path);
  const probeDuration = async (path: string) => (await probe(path)).duration;
  // Storyboard clips and Image to Video stills are checked as uploads are (probe and decode) before any is stored.
  const probeMedia = mediaPort.probeDecodable;
  const credits = createVideoJobCredits({ credits: repositories.videoCredits, queue, quotas, workflow });
  // check-video-status also settles credits held for image-to-video renders and AI video generations: a failed one
  // gives its credit back.
  const videoJobs = credits.settling(createProjectVideoJobs({ workflow, queue, signer, renderJob: deps.renderJob }));
  const transcriptions = createTranscriptions({ queue, job: deps.transcribeJob });
  const silences = (path: string, seconds: number) => mediaPort.detectSilences(path, { tmpDir, duration: seconds });
  const ownSound = createOwnSound({ storage, transcriptions, probe, silences, logError });
  const backgrounds = () => deps.media.library.list('background');
  const ideas = ideasModule({ profiles: repositories.businessProfiles, ideas: repositories.ideas, projects, quotas, writer: deps.writer });

  return [
    accountsModule({
      auth: deps.auth,
      users: repositories.users,
      pageViews: repositories.pageViews,
      publicUrl: deps.publicUrl,
      resendLimit: deps.rateLimit,
      outbox: deps.email.kind === 'outbox' ? repositories.outbox : undefined,
    }),
    accountDataModule({
      auth: deps.auth,
      repositories,
      storage,
      queue,
      provider: deps.paymentProvider,
      // The export's invoices are the PDFs the Subscriptions page downloads, billed to whom they were issued.
      renderInvoice: (invoice, credited) => renderInvoicePdf(invoice, { name: invoice.billedName, email: invoice.billedEmail }, deps.seller, credited),
    }),
    filesModule({ storage, signer, auth: deps.auth, uploads: deps.uploads, queue }),
    dashboardModule({
      dashboard: { quotas, subscriptions, uploads, uploadService: deps.uploads, signer, settleHeldCredits: credits.settleUser },
      drafts: { projects, uploads, storage },
      projects: createProjectsService({ projects, quotas, storage, signer, uploads, probeDuration, backgrounds }),
    }),
    billingModule({ billing: deps.billing, repositories, seller: deps.seller, provider: deps.paymentProvider, testGateway: deps.testGateway }),
    ideas,
    scriptModule({
      script: { projects, quotas, writer: deps.writer, business: ideas.brief },
      video: { storage, signer, transcriptions, probe },
    }),
    voiceoverModule({
      voiceover: { queue, speechJob: deps.speechJob, storage, signer, workflow },
      cloned: { cloner: deps.cloner, quotas, recordingEmail: deps.seller.email },
      samples: deps.voiceSamples,
      signer,
    }),
    storyboardModule({
      storyboard: { workflow, writer: deps.writer, business: ideas.brief, uploads: deps.uploads, storage, signer, videoJobs, probeMedia, probeDuration, tmpDir },
      aiVideo: {
        workflow,
        uploads: deps.uploads,
        storage,
        signer,
        quotas,
        credits,
        videoJobs,
        queue,
        job: deps.videoGenerationJob,
        generatorName: deps.videoGeneratorName,
        // A scene without an image takes a stock still: the stock feature's search and add-from-stock.
        stock: deps.media.stock,
        probe: probeMedia,
        tmpDir,
      },
    }),
    imageToVideoModule({
      imageToVideo: { workflow, uploads: deps.uploads, storage, signer, quotas, videoJobs, credits, probe: probeMedia, tmpDir },
      effects: { storage, media: mediaPort, signer, tmpDir },
    }),
    beforeAfterModule({
      workflow,
      uploads: deps.uploads,
      quotas,
      videoJobs,
      credits,
      queue,
      job: deps.videoGenerationJob,
      generatorName: deps.videoGeneratorName,
      probe: probeMedia,
      tmpDir,
    }),
    productShowcaseModule({
      showcase: { workflow, uploads: deps.uploads, quotas, queue, job: deps.videoGenerationJob, videoJobs, credits, probe: probeMedia, tmpDir },
      generatorName: deps.videoGeneratorName,
    }),
    productIntroModule({ workflow, uploads: deps.uploads, quotas, queue, job: deps.videoGenerationJob, videoJobs, credits, generatorName: deps.videoGeneratorName, probe: probeMedia, tmpDir }),
    ugcModule({
      workflow,
      uploads: deps.uploads,
      quotas,
      queue,
      imageJob: deps.imageGenerationJob,
      videoJob: deps.videoGenerationJob,
      videoJobs,
      credits,
      signer,
      probe: probeMedia,
      tmpDir,
      imageGenerator: deps.imageGenerator,
      videoGeneratorName: deps.videoGeneratorName,
      images: {
        startedSince: (userId, since) => repositories.jobStatus.countStartedSince(userId, deps.imageGenerationJob.name, since),
        everStarted: (userId) => repositories.jobStatus.countEver(userId, deps.imageGenerationJob.name),
      },
      imagesPerAiCredit: deps.ugcImagesPerAiCredit,
    }),
    ownVideoModule({
      ownVideos: { workflow, ownVideos: repositories.ownVideos, uploads: deps.uploads, uploadRecords: uploads, signer, videoJobs },
      videoAudio: { workflow, videoJobs, storage, signer, probeDuration },
    }),
    scrollStopperModule({ backgrounds: deps.media.catalogue.backgrounds }),
    stockModule({ stock: deps.media.stock }),
    brollsModule({
      brolls: { workflow, uploads: deps.uploads, storage, signer, queue, renderJob: deps.renderJob, probeDuration },
      autoBroll: { workflow, stock: deps.media.stock, storage, signer, probeDuration, ownSound },
    }),
    musicModule({
      music: deps.media.catalogue.music,
      bgMusic: { workflow, uploads: deps.uploads, storage, signer, libraryTracks: () => deps.media.library.list('track') },
    }),
    subtitlesModule({ workflow, ownSound, signer }),
    finalVideoModule({
      workflow,
      queue,
      job: deps.finalRenderJob,
      quotas,
      uploads: deps.uploads,
      signer,
      ownSound,
      credits,
      logoOf: async (userId) => (await subscriptions.find(userId))?.logoKey ?? null,
    }),
    libraryModule(deps.media),
  ];
}
