import { createBrandsService } from './core/brand/brands.ts';
import { drawFrame, endCardDrawer } from './jobs/render-job.ts';
import { localEndCard, localPathSchema } from './jobs/stored-composition.ts';
import { createTranscriptions } from './core/files/transcriptions.ts';
import { createGenerationCost } from './core/paid-jobs/generation-cost.ts';
import { createPaidJobs } from './core/paid-jobs/paid-jobs.ts';
import { createOwnSound } from './core/project/own-sound.ts';
import { createProjectVideoJobs } from './core/project/project-video-jobs.ts';
import { createWorkflowProjects } from './core/project/workflow-projects.ts';
import type { FeatureModule } from './http/feature-module.ts';
import type { Infrastructure, SharedCore } from './infrastructure.ts';
import { accountDataModule } from './modules/account-data/index.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { beforeAfterModule } from './modules/before-after/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { renderInvoicePdf } from './modules/billing/invoice-pdf.ts';
import { brandsModule } from './modules/brands/index.ts';
import { brollsModule } from './modules/brolls/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { filesModule } from './modules/files/index.ts';
import { finalVideoModule } from './modules/final-video/index.ts';
import { ideasModule } from './modules/ideas/index.ts';
import { imageToVideoModule } from './modules/image-to-video/index.ts';
import { libraryModule } from './modules/library/index.ts';
import { musicModule } from './modules/music/index.ts';
import { ownVideoModule } from './modules/own-video/index.ts';
import { productIntroModule } from './modules/product-intro/index.ts';
import { productShowcaseModule } from './modules/product-showcase/index.ts';
import { scriptModule } from './modules/script/index.ts';
import { scrollStopperModule } from './modules/scroll-stopper/index.ts';
import { stockModule } from './modules/stock/index.ts';
import { storyboardModule } from './modules/storyboard/index.ts';
import { subtitlesModule } from './modules/subtitles/index.ts';
import { ugcModule } from './modules/ugc/index.ts';
import { vendorWebhooksModule } from './modules/vendor-webhooks/index.ts';
import { voiceoverModule } from './modules/voiceover/index.ts';

/** What the features share (core/), made once: the project document, its video jobs, paid work, a video's own sound. */
export function composeSharedCore(infra: Infrastructure): SharedCore {
  const { repositories, queue, mediaPort, config } = infra;
  const workflow = createWorkflowProjects(repositories.projects);
  const generationCost = createGenerationCost({
    vendor: infra.videoGenerator.name !== 'local',
    statuses: repositories.jobStatus,
    queue: infra.jobs.videoGeneration.name,
    limits: config.offlineGenerationLimits,
  });
  const paidJobs = createPaidJobs({
    holds: repositories.videoCredits,
    queue,
    quotas: infra.quotas,
    uploads: infra.uploads,
    workflow,
    generationCost,
    exclusivelyFor: infra.exclusivelyFor,
  });
  // check-video-status settles the credits held for image-to-video renders and AI video generations.
  const videoJobs = paidJobs.settling(createProjectVideoJobs({ workflow, queue, signer: infra.signer, renderJob: infra.jobs.render }));
  const transcriptions = createTranscriptions({ queue, job: infra.jobs.transcribe });
  const probe = (path: string) => mediaPort.probe(path);
  const silences = (path: string, seconds: number) => mediaPort.detectSilences(path, { tmpDir: config.tmpDir, duration: seconds });
  const ownSound = createOwnSound({ storage: infra.storage, transcriptions, probe, silences, logError: infra.log.error });
  const brands = createBrandsService({
    brands: repositories.brands,
    quotas: infra.quotas,
    uploads: repositories.uploads,
    uploadService: infra.uploads,
    storage: infra.storage,
    signer: infra.signer,
    exclusivelyFor: infra.exclusivelyFor,
    tmpDir: config.tmpDir,
    projectOwned: async (userId, projectId) => Boolean(await repositories.projects.findOwned(userId, projectId)),
    drawEndCard: async (card) => {
      const toLocal = async (key: string) => localPathSchema.parse(await infra.storage.localPath(key));
      const spec = await localEndCard(card, toLocal, (family, bold) => mediaPort.fontFileOf(family, { bold }));
      return endCardDrawer({ media: mediaPort, tmpDir: config.tmpDir })(spec);
    },
    drawFrame: (userId, composition, at) => drawFrame({ storage: infra.storage, media: mediaPort, tmpDir: config.tmpDir }, userId, composition, at),
  });
  return { workflow, brands, paidJobs, videoJobs, transcriptions, ownSound, probeMedia: mediaPort.probeDecodable, probeDuration: async (path) => (await probe(path)).duration };
}

/**
 * The feature half of the composition root: every module builds its own insides from the infrastructure and the
 * shared core; what one feature offers another (the library's media, the business brief) is handed over here.
 */
export function composeFeatures(infra: Infrastructure) {
  const shared = composeSharedCore(infra);
  const library = libraryModule(infra);
  const stock = stockModule(infra, { library: library.library });
  const ideas = ideasModule(infra, shared);
  const { seller } = infra.config;
  const modules: FeatureModule[] = [
    accountsModule(infra),
    // The export's invoices are the PDFs the Subscriptions page downloads, billed to whom they were issued.
    accountDataModule(infra, { renderInvoice: (invoice, credited) => renderInvoicePdf(invoice, { name: invoice.billedName, email: invoice.billedEmail }, seller, credited) }),
    filesModule(infra),
    dashboardModule(infra, shared, { backgrounds: () => library.library.list('background') }),
    billingModule(infra),
    // On a fresh install the library makes its first background while the brand page asks for its preview.
    brandsModule(shared, {
      previewStill: async () => {
        await library.library.waitFor('background', 10_000);
        return library.library.list('background')[0]?.thumbnailKey ?? null;
      },
    }),
    ideas,
    scriptModule(infra, shared, ideas),
    voiceoverModule(infra, shared),
    storyboardModule(infra, shared, { business: ideas.brief, stock: stock.stock }),
    imageToVideoModule(infra, shared),
    beforeAfterModule(infra, shared),
    productShowcaseModule(infra, shared, ideas.brief),
    productIntroModule(infra, shared, ideas.brief),
    ugcModule(infra, shared),
    ownVideoModule(infra, shared),
    scrollStopperModule({ backgrounds: library.catalogue.backgrounds }),
    stock,
    brollsModule(infra, shared, { stock: stock.stock }),
    musicModule(infra, shared, { music: library.catalogue.music, libraryTracks: () => library.library.list('track') }),
    subtitlesModule(infra, shared),
    finalVideoModule(infra, shared),
    library,
    vendorWebhooksModule(infra),
  ];
  return { modules, library: library.library };
}
