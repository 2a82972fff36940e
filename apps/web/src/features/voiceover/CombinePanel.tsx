import { audioTexts } from '@reelsmith/contracts';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import type { CombineState } from './useCombine.ts';

const frame = 'aspect-[9/16] w-full max-w-56 rounded-xl bg-black object-contain sm:max-w-64';


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
      {state.kind === 'working' && (
        <RenderProgress title={audioTexts.combining} notice={audioTexts.combineEstimate} progressLabel="Combining progress" percent={state.percent} estimate={state.estimate} />
      )}
    </section>
  );
}
