import { workflowMessages } from '@reelsmith/contracts';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import type { FinalVideoCaptions, FinalVideoStepProps } from '../../lib/finalVideoStep.ts';
import { CtaImagePicker, EndCardSwitch, FinalVideoCostNote, FinalVideoError, FinalVideoResult, LogoSwitch } from './FinalVideoPanel.tsx';
import { useFinalVideo } from './useFinalVideo.ts';
import { useFinalVideoCost } from './queries.ts';

/**
 * SPEC §2 /subtitles, its last part: subtitles on or off, the logo, a closing image, then Final Video. The finished
 * video takes the page; the editor stays mounted behind it, hidden, so Edit subtitles finds it as it was left.
 */
export function FinalVideoStep({ project, subtitlesEnabled, children }: FinalVideoStepProps) {
  const [enabled, setEnabled] = useState(subtitlesEnabled);
  const [ctaImage, setCtaImage] = useState<File | null>(null);
  const [withLogo, setWithLogo] = useState(true);
  const [withEndCard, setWithEndCard] = useState(true);
  const final = useFinalVideo(project);
  const cost = useFinalVideoCost(project, final.state.kind);
  const costNoteId = useId();
  const done = final.state.kind === 'done' ? final.state : null;

  const section = (captions: () => FinalVideoCaptions) => (
    <section aria-labelledby="final-heading" className="flex flex-col gap-5">
      <h2 id="final-heading" className="text-lg font-semibold">
        Final video
      </h2>
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input type="checkbox" role="switch" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} className="size-5 accent-accent" />
        Add subtitles
      </label>
      <LogoSwitch checked={withLogo} hasLogo={cost.data?.has_logo} onChange={setWithLogo} />
      <EndCardSwitch checked={withEndCard} text={cost.data?.end_card_text} brandName={cost.data?.brand_name} onChange={setWithEndCard} />
      <CtaImagePicker file={ctaImage} onChange={setCtaImage} />
      <FinalVideoError state={final.state} />
      <FinalVideoCostNote id={costNoteId} cost={cost.data} />
      <Button
        className="self-start"
        aria-describedby={cost.data ? costNoteId : undefined}
        disabled={final.state.kind === 'working'}
        onClick={() => void final.start({ ...captions(), enabled, ctaImage, withLogo: withLogo && cost.data?.has_logo !== false, withEndCard })}
      >
        Final Video
      </Button>
    </section>
  );

  return (
    <>
      <div hidden={done !== null}>{children(section)}</div>
      {done && <FinalVideoResult url={done.url} fileName={done.fileName} onEdit={final.reset} />}
      {final.state.kind === 'working' && (
        <RenderProgress
          title={workflowMessages.generatingVideo}
          notice={workflowMessages.finalNotice}
          progressLabel="Final video progress"
          percent={final.state.percent}
          waiting={final.state.waiting}
          estimate={final.state.estimate}
        />
      )}
    </>
  );
}
