import { maxVideoSeconds, scrollStopperBackgrounds, scrollStopperTexts, uploadPolicies, type SessionUser } from '@reelsmith/contracts';
import { useId, useState } from 'react';
import { StockSearchModal } from '../../components/stock/StockSearchModal.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useBusyTask } from '../../lib/useBusyTask.ts';
import { createScrollStopperEntry, uploadScrollStopperVideo, useBackgrounds } from './api.ts';
import { BackgroundGrid } from './BackgroundGrid.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

const maxBytes = uploadPolicies['scroll-stopper-video'].maxBytes;

/** A video of the user's (uploaded or from stock) that runs past 59 s waits for a yes: only its start is used. */
interface LongVideo {
  url: string;
  seconds: number;
}

function ScrollStopperWorkspace({ user }: { user: SessionUser }) {
  const { goNext } = useWorkflowPage();
  const backgrounds = useBackgrounds();
  const fileId = useId();
  const { busy, error, setError, run } = useBusyTask();
  const [stockOpen, setStockOpen] = useState(false);
  const [longVideo, setLongVideo] = useState<LongVideo | null>(null);

  /** SPEC §4: choosing a video creates the video entry, then the script step opens on it. */
  const choose = (url: string) =>
    run('Creating your video', async () => {
      const videoId = await createScrollStopperEntry(user.id, url);
      await goNext(videoId);
    });

  const chooseOwn = (url: string, seconds: number | undefined) => {
    if (seconds !== undefined && seconds > maxVideoSeconds) setLongVideo({ url, seconds });
    else void choose(url);
  };

  function upload(file: File | undefined) {
    setLongVideo(null);
    if (!file) return;
    // The server refuses the same (SPEC §5); saying so here spares the user a 20 MB upload.
    if (!file.type.startsWith('video/')) return setError(scrollStopperTexts.notVideo);
    if (file.size > maxBytes) return setError(scrollStopperTexts.tooLarge);
    void run('Uploading your video', async () => {
      const uploaded = await uploadScrollStopperVideo(file);
      chooseOwn(uploaded.url, uploaded.duration);
    });
  }

  const list = backgrounds.data ?? [];
  return (
    <div className="flex flex-col gap-8">
      {busy && <RenderProgress title={busy} />}
      {error && <Notice message={{ tone: 'error', text: error }} />}
      {longVideo && (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p role="status">{scrollStopperTexts.longVideo(longVideo.seconds)}</p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void choose(longVideo.url)}>Use this video</Button>
            <Button variant="secondary" onClick={() => setLongVideo(null)}>
              Choose another
            </Button>
          </div>
        </div>
      )}

      <section aria-labelledby="backgrounds-title" className="flex flex-col gap-3">
        <h2 id="backgrounds-title" className="text-lg font-bold">
          Pick a background
        </h2>
        {backgrounds.isPending ? (
          <p role="status" className="flex items-center gap-3 text-muted">
            <Spinner className="size-6" /> Loading backgrounds…
          </p>
        ) : backgrounds.isError && list.length === 0 ? (
          <Notice message={{ tone: 'error', text: scrollStopperTexts.noBackgrounds }} />
        ) : (
          <>
            <BackgroundGrid backgrounds={list} disabled={busy !== null} onChoose={(background) => void choose(background.video_url)} />
            {list.length < scrollStopperBackgrounds.length && (
              <p role="status" className="flex items-center gap-2 text-sm text-muted">
                <Spinner className="size-4" /> More backgrounds are being prepared ({list.length} of {scrollStopperBackgrounds.length} ready).
              </p>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="own-title" className="flex flex-col gap-3">
        <h2 id="own-title" className="text-lg font-bold">
          Or use another video
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => setStockOpen(true)}>
            Search Stock Videos
          </Button>
          <label htmlFor={fileId} className="inline-flex cursor-pointer items-center rounded-lg border border-gray-300 bg-white px-4 py-2 font-semibold hover:bg-gray-50 focus-within:ring-2 focus-within:ring-accent">
            Upload your own video
            <input
              id={fileId}
              type="file"
              accept="video/*"
              className="sr-only"
              onChange={(event) => {
                upload(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
          </label>
        </div>
        <p className="text-sm text-muted">Your own video: up to {maxBytes / (1024 * 1024)} MB. {scrollStopperTexts.lengthNote}</p>
      </section>

      <StockSearchModal
        open={stockOpen}
        onClose={() => setStockOpen(false)}
        types={['video']}
        videoChoice="hd"
        purpose="scroll-stopper-stock"
        onAdded={(uploaded) => {
          setStockOpen(false);
          chooseOwn(uploaded.url, uploaded.duration);
        }}
      />
    </div>
  );
}

/** SPEC §2 /scroll-stopper: a library background, a stock video or the user's own video starts the project. */
export function ScrollStopperPage() {
  const { user } = useWorkflowPage();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Scroll Stopper</h1>
        <p className="text-muted">Start with an eye-catching video: your script and voiceover go on top of it.</p>
      </div>
      {user ? <ScrollStopperWorkspace user={user} /> : null}
    </div>
  );
}
