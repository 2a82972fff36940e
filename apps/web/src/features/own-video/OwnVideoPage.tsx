import { maxVideoSeconds, ownVideoLimits, ownVideoTexts, videoStatusPollMs, type SessionUser } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { StockSearchModal } from '../../components/stock/StockSearchModal.tsx';
import { FileDropZone } from '../../components/ui/FileDropZone.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { checkVideoStatus, combineVideosSilent, createOwnVideoEntry, uploadAndSave } from './api.ts';
import { addFiles, overLimit, stockItem, totalBytes, totalSeconds, type OwnVideoItem } from './items.ts';
import { VideoList } from './VideoList.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function OwnVideoWorkspace({ user }: { user: SessionUser }) {
  const { projectId: named, setProject, goNext } = useWorkflowPage();
  const [items, setItems] = useState<OwnVideoItem[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [combining, setCombining] = useState<{ percent?: number } | null>(null);
  const [stockOpen, setStockOpen] = useState(false);
  const alive = useRef(true);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    alive.current = true;
    return () => {
      alive.current = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const total = totalBytes(items);
  const over = overLimit(items);
  const seconds = totalSeconds(items);
  const full = items.length >= ownVideoLimits.maxVideos;

  function add(files: File[]) {
    if (!combine.isPending) combine.reset();
    const added = addFiles(items, files, () => crypto.randomUUID(), (file) => {
      const url = URL.createObjectURL(file);
      previews.current.add(url);
      return url;
    });
    setItems(added.items);
    const notes = [added.skipped.length ? ownVideoTexts.skipped(added.skipped) : '', added.overCount ? ownVideoTexts.droppedOverCount(added.overCount) : ''];
    setNote(notes.filter(Boolean).join(' ') || null);
  }

  function remove(id: string) {
    const item = items.find((i) => i.id === id);
    if (item?.kind === 'file') {
      URL.revokeObjectURL(item.previewUrl);
      previews.current.delete(item.previewUrl);
    }
    setItems((current) => current.filter((i) => i.id !== id));
  }

  /**
   * SPEC §4: each video is saved to the project, the set is combined, and the script step opens once it is ready.
   * One mutation for the whole chain; `busy` and `combining` say which step it is on, for the progress overlays.
   */
  const combine = useMutation({
    mutationFn: async () => {
      let projectId = named;
      if (!projectId) {
        setBusy('Starting your video');
        projectId = await createOwnVideoEntry(user.id);
        setProject(projectId);
      }
      const ids = items.map((item) => item.id);
      const urls: string[] = [];
      for (const [index, item] of items.entries()) {
        setBusy(ownVideoTexts.uploading(index + 1, items.length));
        urls.push(await uploadAndSave(user.id, projectId, item, ids));
      }
      setBusy(null);
      setCombining({});
      await combineVideosSilent(user.id, projectId, urls);
      for (;;) {
        await sleep(videoStatusPollMs);
        if (!alive.current) return;
        const status = await checkVideoStatus(user.id, projectId);
        if (status.status === 'done' && status.user_video_url) break;
        if (status.status !== 'processing') throw new Error(status.error ?? ownVideoTexts.operationFailed);
        if (status.percent !== undefined) setCombining({ percent: status.percent });
      }
      await goNext(projectId);
    },
    onSettled: () => {
      if (!alive.current) return;
      setBusy(null);
      setCombining(null);
    },
  });
  const error = combine.error?.message ?? null;

  function combineAndContinue() {
    setNote(null);
    combine.mutate();
  }

  return (
    <div className="flex flex-col gap-6">
      {busy && <RenderProgress title={busy} />}
      {combining && (
        <RenderProgress title={ownVideoTexts.combining} notice={ownVideoTexts.combineEstimate} percent={combining.percent} progressLabel={ownVideoTexts.combining} />
      )}
      <FileDropZone
        title="Drop videos here or choose videos"
        hint={`Up to ${ownVideoLimits.maxVideos} videos, 40 MB in all. Video files only.`}
        inputLabel="Choose videos"
        accept="video/*"
        multiple
        disabled={full}
        className="min-h-36 gap-1 p-6"
        onFiles={add}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => setStockOpen(true)} disabled={full}>
          Search Stock Videos
        </Button>
        <p aria-live="polite" className={`text-sm font-semibold ${over ? 'text-red-700' : 'text-muted'}`}>
          <span className="sr-only">Total size: </span>
          {ownVideoTexts.total(total)} · {items.length} of {ownVideoLimits.maxVideos} videos
        </p>
      </div>
      {note && <Notice message={{ tone: 'error', text: note }} />}
      {over && <Notice message={{ tone: 'error', text: ownVideoTexts.overTotal }} />}
      {items.length > 0 && <VideoList items={items} disabled={busy !== null} onRemove={remove} onDuration={(id, s) => setItems((current) => current.map((i) => (i.id === id ? { ...i, duration: s } : i)))} />}
      {seconds !== null && seconds > maxVideoSeconds && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {ownVideoTexts.trimmed(seconds)}
        </p>
      )}
      {error && <Notice message={{ tone: 'error', text: error }} />}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={combineAndContinue} disabled={items.length === 0 || over || busy !== null}>
          Use Videos
        </Button>
        {items.length === 0 && <p className="text-sm text-muted">{ownVideoTexts.noVideos}</p>}
      </div>

      <StockSearchModal
        open={stockOpen}
        onClose={() => setStockOpen(false)}
        types={['video']}
        videoChoice="hd"
        purpose="own-video"
        // The server cuts the download at the room left, and answers with SPEC §5's text if it does not fit.
        maxBytes={Math.max(1, ownVideoLimits.maxTotalBytes - total)}
        onAdded={(upload, added) => {
          if (items.length >= ownVideoLimits.maxVideos) return setNote(ownVideoTexts.tooMany);
          if (total + upload.size > ownVideoLimits.maxTotalBytes) return setNote(ownVideoTexts.wouldExceed);
          setItems((current) => [...current, stockItem(upload, added.name)]);
        }}
      />
    </div>
  );
}

/** SPEC §2 /OwnVideo: up to six of the user's videos (dropped, picked or from stock), combined into the project's video. */
export function OwnVideoPage() {
  const { user } = useWorkflowPage();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Use Own Video</h1>
        <p className="text-muted">Your videos play one after another, without their sound, under your script and voiceover (up to {maxVideoSeconds} secs).</p>
      </div>
      {user ? <OwnVideoWorkspace user={user} /> : null}
    </div>
  );
}
