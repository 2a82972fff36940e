import { audioTexts, workflowMessages } from '@reelsmith/contracts';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import type { CombineState } from './useCombine.ts';

const frame = 'aspect-[9/16] w-full max-w-56 rounded-xl bg-black object-contain sm:max-w-64';

/** The spec's busy state with the render's own percent. */
function CombineProgress({ percent }: { percent: number }) {
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="combine-progress-title" className="fixed inset-0 z-50 flex items-center justify-center bg-white/85 p-6 backdrop-blur-sm">
      <div className="flex w-full max-w-sm flex-col items-center gap-3 rounded-xl bg-white px-8 py-6 text-center shadow-lg ring-1 ring-black/5">
        <Spinner />
        <p id="combine-progress-title" className="text-lg font-semibold">
          {audioTexts.combining}
        </p>
        <p className="font-semibold text-accent-strong">{workflowMessages.doNotRefresh}</p>
        <p className="text-sm text-muted">{audioTexts.combineEstimate}</p>
        <div
          role="progressbar"
          aria-label="Combining progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 w-full overflow-hidden rounded-full bg-accent-soft"
        >
          <div className="h-full rounded-full bg-accent motion-safe:transition-[width] motion-safe:duration-500" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm tabular-nums text-muted" aria-hidden="true">
          {percent}%
        </p>
      </div>
    </div>
  );
}

export interface CombinePanelProps {
  state: CombineState;
  /** The project's own video, shown until the combined one exists; undefined while loading. */
  projectVideo: string | null | undefined;
  /** The voiceover now chosen; null until there is one. */
  audioUrl: string | null;
  onCombine: () => void;
}

/** SPEC §2 /audio-types: the project's video with the voiceover, as one video to check before going on. */
export function CombinePanel({ state, projectVideo, audioUrl, onCombine }: CombinePanelProps) {
  const combined = state.kind === 'done' ? state : null;
  const stale = combined !== null && combined.audioUrl !== audioUrl;
  return (
    <section aria-labelledby="combine-heading" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="combine-heading" className="text-lg font-semibold">
        {audioTexts.combineHeading}
      </h2>
      <figure className="flex flex-col items-center gap-2 self-center">
        {combined ? (
          <video key={combined.url} src={combined.url} controls playsInline preload="metadata" aria-label={audioTexts.combinedLabel} className={frame} />
        ) : projectVideo ? (
          <video src={projectVideo} controls playsInline preload="metadata" aria-label={audioTexts.projectVideoLabel} className={frame} />
        ) : (
          <div className={`${frame} flex items-center justify-center border border-dashed border-gray-300 bg-white`}>
            {projectVideo === undefined && <Spinner className="size-8" />}
          </div>
        )}
        <figcaption className="text-sm text-muted">{combined ? audioTexts.combinedLabel : audioTexts.projectVideoLabel}</figcaption>
      </figure>
      {stale && <p className="text-sm text-muted">{audioTexts.recombine}</p>}
      {state.kind === 'failed' && <Notice message={{ tone: 'error', text: state.message }} />}
      <div className="flex flex-col gap-2">
        <Button className="sm:self-start" disabled={!audioUrl} aria-describedby={audioUrl ? undefined : 'combine-reason'} onClick={onCombine}>
          {audioTexts.combine}
        </Button>
        {!audioUrl && (
          <p id="combine-reason" className="text-sm text-muted">
            {audioTexts.needVoiceover}
          </p>
        )}
      </div>
      {state.kind === 'working' && <CombineProgress percent={state.percent} />}
    </section>
  );
}
