import { brollTexts, maxVideoSeconds, uploadPolicies, workflowMessages, type SessionUser } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FileDropZone } from '../../components/ui/FileDropZone.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { formatBytes } from '../../lib/bytes.ts';
import { useBusyTask } from '../../lib/useBusyTask.ts';
import { addBrolls, fetchAutoBrolls, fetchLatestVideo, saveBrollUrl, skipBroll, uploadMainVideo } from './api.ts';
import { OverlayRows } from './OverlayRows.tsx';
import { canProcess, emptyRow, rowsFromSuggestions, rowTimesError, type OverlayRow } from './rows.ts';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

const player = 'aspect-[9/16] w-full max-w-60 self-center rounded-xl bg-black object-contain md:max-w-72';

interface MainVideo {
  url: string;
  /** Set when the user uploaded it here, so the name and size are shown. */
  file?: { name: string; size: number };
}

function BrollsWorkspace({ user, projectId }: { user: SessionUser; projectId: string }) {
  const { goNext } = useWorkflowPage();
  const latest = useQuery({ queryKey: ['latest-video', user.id, projectId], queryFn: () => fetchLatestVideo(user.id, projectId) });
  const [uploaded, setUploaded] = useState<MainVideo | null>(null);
  const [rows, setRows] = useState<OverlayRow[]>(() => [emptyRow()]);
  const { busy, error, setError, run } = useBusyTask();
  const [preview, setPreview] = useState<string | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);

  const main: MainVideo | null = uploaded ?? (latest.data?.user_video_url ? { url: latest.data.user_video_url } : null);

  const upload = (file: File) =>
    run('Uploading video', async () => {
      const result = await uploadMainVideo(file);
      setUploaded({ url: result.url, file: { name: file.name, size: file.size } });
    });
  const process = () =>
    run(workflowMessages.generatingVideo, async () => {
      setPreview(await addBrolls(user.id, projectId, main!.url, rows));
    });
  const auto = () => run(brollTexts.autoBusy, async () => setRows(rowsFromSuggestions(await fetchAutoBrolls(user.id, projectId, main?.url))));
  const skip = () =>
    run('Skipping', async () => {
      await skipBroll(user.id, projectId, uploaded?.url ?? null);
      await goNext(projectId);
    });

  if (latest.isPending) return <Spinner className="size-8" />;
  const ready = canProcess(rows, seconds);
  const timesError = rowTimesError(rows, seconds);
  // A failure is about the rows as they were: once the user changes them, it no longer applies.
  const changeRows = (next: OverlayRow[]) => {
    setRows(next);
    setError(null);
  };

  if (preview) {
    return (
      <section className="flex flex-col items-center gap-4">
        <video src={preview} controls playsInline aria-label="Preview with overlays" className={player} />
        <div className="flex gap-3">
          <Button variant="secondary" onClick={() => setPreview(null)}>
            Edit overlays
          </Button>
          <Button
            onClick={() =>
              run('Saving', async () => {
                await saveBrollUrl(user.id, projectId, preview);
                await goNext(projectId);
              })
            }
          >
            Next
          </Button>
        </div>
      </section>
    );
  }

  return (
    <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
      {busy && <RenderProgress title={busy} notice={busy === workflowMessages.generatingVideo ? brollTexts.estimate : undefined} />}
      <section className="flex flex-col gap-2">
        {main ? (
          <video
            src={main.url}
            controls
            playsInline
            preload="metadata"
            aria-label="Your video"
            className={player}
            onLoadedMetadata={(event) => setSeconds(event.currentTarget.duration)}
          />
        ) : (
          <FileDropZone
            title="Drop a video here or choose one"
            hint={`One video, up to ${uploadPolicies['main-video'].maxBytes / (1024 * 1024)} MB`}
            inputLabel="Upload a video"
            accept="video/*"
            className="aspect-[9/16] w-full max-w-60 gap-2 self-center p-4"
            onFiles={(files) => {
              const video = files.find((file) => file.type.startsWith('video/'));
              if (video) void upload(video);
            }}
          />
        )}
        {main?.file && (
          <p className="text-center text-sm text-muted">
            {main.file.name} · {formatBytes(main.file.size)}
          </p>
        )}
        {main && seconds !== null && seconds > maxVideoSeconds && (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-center text-sm text-amber-900">{brollTexts.longVideo(seconds)}</p>
        )}
        {uploaded && (
          <Button
            variant="link"
            className="self-center text-sm"
            onClick={() => {
              setUploaded(null);
              setSeconds(null);
            }}
          >
            Use another video
          </Button>
        )}
      </section>
      <section className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={auto}>
            {brollTexts.autoBeta}
          </Button>
        </div>
        <OverlayRows rows={rows} onChange={changeRows} />
        {error && <Notice message={{ tone: 'error', text: error }} />}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={process} disabled={!ready || !main} aria-describedby="process-hint">
            Add B-Rolls
          </Button>
          <Button variant="secondary" onClick={skip}>
            Skip
          </Button>
        </div>
        {(!ready || !main) && (
          <p id="process-hint" className={`text-sm ${main && timesError ? 'font-medium text-red-700' : 'text-muted'}`}>
            {!main ? brollTexts.noMainVideo : (timesError ?? brollTexts.incompleteHint)}
          </p>
        )}
      </section>
    </div>
  );
}

/** SPEC §2 /BRolls, step 'Background Video'. Without ?project= the user's latest project is used and named. */
export function BrollsPage() {
  const { user, projectId, page, setProject } = useWorkflowPage();
  const latest = useQuery({ queryKey: ['latest-video', user?.id, null], queryFn: () => fetchLatestVideo(user!.id, null), enabled: !!user && !projectId });
  const found = latest.data?.video_id;
  useEffect(() => {
    if (!projectId && found) setProject(found);
  }, [projectId, found, setProject]);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page?.title}</h1>
      {!user ? null : projectId ? (
        <BrollsWorkspace key={projectId} user={user} projectId={projectId} />
      ) : latest.isError || (latest.data && !found) ? (
        <Notice message={{ tone: 'error', text: brollTexts.noProject }} />
      ) : (
        <Spinner className="size-8" />
      )}
    </div>
  );
}
