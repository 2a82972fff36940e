import type { BrandsService } from './core/brand/brands.ts';
import type { AppConfig } from './config.ts';
import type { MediaProber } from './core/files/upload-inspection.ts';
import type { FileUrlSigner } from './core/files/file-urls.ts';
import type { Transcriptions } from './core/files/transcriptions.ts';
import type { UploadService } from './core/files/uploads.ts';
import type { QuotaService } from './core/credits/quotas.ts';
import type { PaidJobs } from './core/paid-jobs/paid-jobs.ts';
import type { OwnSoundService } from './core/project/own-sound.ts';
import type { ProjectVideoJobs } from './core/project/project-video-jobs.ts';
import type { WorkflowProjects } from './core/project/workflow-projects.ts';
import type { Repositories } from './db/repositories/index.ts';
import type { FinalRenderJob } from './jobs/final-render-job.ts';
import type { ImageGenerationJob } from './jobs/image-generation-job.ts';
import type { LibraryItemJob } from './jobs/library-item-job.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { RenderJob } from './jobs/render-job.ts';
import type { RenderSegmentJob } from './jobs/render-segment-job.ts';
import type { SpeechJob } from './jobs/speech-job.ts';
import type { TranscribeJob } from './jobs/transcribe-job.ts';
import type { VideoGenerationJob } from './jobs/video-generation-job.ts';
import type { Auth } from './platform/auth.ts';
import type { OriginTrust } from './platform/origins.ts';
import type { EmailSender } from './providers/email/types.ts';
import type { ImageGenerator } from './providers/image-generation/types.ts';
import type { MediaPort } from './providers/media/types.ts';
import type { Metrics } from './providers/metrics/metrics.ts';
import type { TestGateway } from './providers/payments/test-gateway.ts';
import type { PaymentProvider } from './providers/payments/types.ts';
import type { ObjectStorage } from './providers/storage/types.ts';
import type { Speech } from './providers/tts/index.ts';
import type { VideoGenerator } from './providers/video-generation/types.ts';
import type { Writer } from './providers/writer/index.ts';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The jobs every process runs (a worker takes them, the web process enqueues them). */
export interface Jobs {
  render: RenderJob;
  final: FinalRenderJob;
  segment: RenderSegmentJob;
  speech: SpeechJob;
  transcribe: TranscribeJob;
  libraryItem: LibraryItemJob;
  videoGeneration: VideoGenerationJob;
  imageGeneration: ImageGenerationJob;
}

/** The payment provider in use: Razorpay when configured, else the built-in test gateway and its clock. */
export interface Payments {
  provider: PaymentProvider;
  testGateway: TestGateway | undefined;
  clock: () => Date;
}

/**
 * What the composition root (compose.ts) makes from config and a database, before any feature: stores, queue and
 * jobs, providers, the account shell. A feature module builds its own insides from this and the shared core.
 */
export interface Infrastructure {
  config: AppConfig;
  log: Logger;
  repositories: Repositories;
  /** Runs `run` while no other API process runs one for the same key (the database's keyed lock). */
  exclusivelyFor<T>(key: string, run: () => Promise<T>): Promise<T>;
  storage: ObjectStorage;
  /** Every ffmpeg and ffprobe run of the services. */
  mediaPort: MediaPort;
  queue: JobQueue;
  jobs: Jobs;
  writer: Writer;
  speech: Speech;
  videoGenerator: VideoGenerator;
  imageGenerator: ImageGenerator;
  metrics: Metrics;
  /** Wraps a provider so its calls are measured. */
  measure: <T extends object>(provider: T, name: string) => T;
  email: EmailSender;
  payments: Payments;
  quotas: QuotaService;
  auth: Auth;
  origins: OriginTrust;
  signer: FileUrlSigner;
  uploads: UploadService;
}

/** What the features share (core/), made once from the infrastructure by compose-features.ts. */
export interface SharedCore {
  workflow: WorkflowProjects;
  /** Brand kits: the active brand, and the brand a project is rendered with. */
  brands: BrandsService;
  /** Preview renders and generations a page waits for; their status settles held credits. */
  videoJobs: ProjectVideoJobs;
  paidJobs: PaidJobs;
  transcriptions: Transcriptions;
  ownSound: OwnSoundService;
  /** ffprobe plus a decode check, as uploads use. */
  probeMedia: MediaProber;
  probeDuration(path: string): Promise<number>;
}
