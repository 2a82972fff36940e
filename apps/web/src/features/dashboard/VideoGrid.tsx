import { dashboardMessages, dashboardTexts, type VideoItem } from '@reelsmith/contracts';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { formatDate } from './format.ts';

interface VideoGridProps {
  videos: VideoItem[] | undefined;
  failed: boolean;
  onRetry: () => void;
}

function VideoCard({ video }: { video: VideoItem }) {
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
      </figcaption>
    </figure>
  );
}

/** SPEC §2: the user's finished videos, each playable with controls. */
export function VideoGrid({ videos, failed, onRetry }: VideoGridProps) {
  return (
    <section aria-labelledby="videos-heading" className="flex flex-col gap-4">
      <h2 id="videos-heading" className="text-xl font-semibold">
        Your videos
      </h2>
      {videos ? (
        videos.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-gray-300 px-6 py-12 text-center text-muted">{dashboardMessages.emptyVideos}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {videos.map((video) => (
              <li key={video.id}>
                <VideoCard video={video} />
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
    </section>
  );
}
