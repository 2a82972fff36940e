import { dashboardMessages, dashboardTexts, videoFileName, type VideoItem } from '@reelsmith/contracts';
import { useState } from 'react';
import { Button, linkClasses } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { formatDate } from './format.ts';
import { RenameVideoDialog } from './RenameVideoDialog.tsx';

interface VideoGridProps {
  videos: VideoItem[] | undefined;
  /** With drafts above, an empty list is a note: the drafts, not a new video, are the way on. */
  hasDrafts: boolean;
  failed: boolean;
  onRetry: () => void;
  onCreateVideo: () => void;
  onDelete: (videoId: string) => Promise<void>;
  onRename: (videoId: string, title: string) => Promise<void>;
  /** With every brand's videos listed, each card names its brand (issue 32); null when one brand is shown. */
  brandNames?: ReadonlyMap<string, string> | null;
}

function VideoCard({ video, brandName, onAskDelete, onAskRename }: { video: VideoItem; brandName?: string; onAskDelete: () => void; onAskRename: () => void }) {
  return (
    <figure className="flex flex-col gap-2">
      {/* 9:16 box, letterboxed rather than stretched when a video has another shape. */}
      <video
        controls
        preload="metadata"
        playsInline
        src={video.video_url}
        poster={video.poster_url ?? undefined}
        aria-label={video.title}
        className="aspect-[9/16] w-full rounded-lg bg-black object-contain"
      />
      <figcaption className="flex flex-col text-sm">
        <span className="truncate font-medium" title={video.title}>
          {video.title}
        </span>
        <span className="text-muted">{formatDate(video.created_at)}</span>
        {brandName && (
          <span className="truncate text-xs font-semibold text-accent-strong" title={brandName}>
            {brandName}
          </span>
        )}
      </figcaption>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a className={linkClasses} href={video.video_url} download={videoFileName(video.title)} aria-label={`Download ${video.title}`}>
          Download
        </a>
        <Button variant="link" onClick={onAskRename} aria-label={`Rename ${video.title}`}>
          {dashboardTexts.renameVideo}
        </Button>
        <Button variant="link" onClick={onAskDelete} aria-label={`Delete ${video.title}`}>
          Delete
        </Button>
      </div>
    </figure>
  );
}

/** SPEC §2: the user's finished videos, each playable with controls, to download or delete. */
export function VideoGrid({ videos, hasDrafts, failed, onRetry, onCreateVideo, onDelete, onRename, brandNames }: VideoGridProps) {
  const [deleting, setDeleting] = useState<VideoItem | null>(null);
  const [renaming, setRenaming] = useState<VideoItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);

  async function confirmDelete(video: VideoItem) {
    setBusy(true);
    setDeleteFailed(false);
    try {
      await onDelete(video.id);
      setDeleting(null);
    } catch {
      setDeleteFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="videos-heading" className="flex flex-col gap-4">
      <h2 id="videos-heading" className="text-xl font-semibold">
        Your videos
      </h2>
      {videos ? (
        videos.length === 0 && hasDrafts ? (
          <p className="text-muted">{dashboardMessages.emptyVideos}</p>
        ) : videos.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-xl border-2 border-dashed border-gray-300 px-6 py-12 text-center">
            <p className="text-muted">{dashboardMessages.emptyVideos}</p>
            <Button onClick={onCreateVideo}>{dashboardTexts.createFirstVideo}</Button>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {videos.map((video) => (
              <li key={video.id}>
                <VideoCard
                  video={video}
                  brandName={video.brand_id ? brandNames?.get(video.brand_id) : undefined}
                  onAskRename={() => setRenaming(video)}
                  onAskDelete={() => {
                    setDeleteFailed(false);
                    setDeleting(video);
                  }}
                />
              </li>
            ))}
          </ul>
        )
      ) : failed ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm font-medium text-red-800">
            {dashboardTexts.videosFailed}
          </p>
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-3 text-sm text-muted">
          <Spinner className="size-5" />
          Loading your videos
        </p>
      )}
      <Dialog open={deleting !== null} title={dashboardTexts.deleteVideoTitle} onClose={() => setDeleting(null)}>
        {deleting && (
          <>
            <p className="text-sm text-gray-600">{dashboardTexts.deleteVideoBody(deleting.title)}</p>
            {deleteFailed && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-800">
                {dashboardTexts.deleteVideoFailed}
              </p>
            )}
            <div className="mt-5 flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                {dashboardTexts.deleteVideoKeep}
              </Button>
              <Button disabled={busy} onClick={() => void confirmDelete(deleting)}>
                {dashboardTexts.deleteVideoConfirm}
              </Button>
            </div>
          </>
        )}
      </Dialog>
      <RenameVideoDialog video={renaming} onClose={() => setRenaming(null)} onRename={onRename} />
    </section>
  );
}
