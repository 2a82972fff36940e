import { audioTexts, type SessionUser } from '@reelsmith/contracts';
import { VoiceoverProject } from './VoiceoverProject.tsx';
import { CombinePanel } from './CombinePanel.tsx';
import { NextButton } from './NextButton.tsx';
import { useProjectVideo } from './queries.ts';
import { useCombine } from './useCombine.ts';
import { useVoiceover } from './useVoiceover.ts';
import { VoiceoverPanel } from './VoiceoverPanel.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

function VoiceoverTypesStep({ user, projectId, script }: { user: SessionUser; projectId: string; script: string }) {
  const { goNext } = useWorkflowPage();
  const [voiceover, setVoiceover] = useVoiceover(user.id, projectId);
  const video = useProjectVideo(user.id, projectId);
  const combine = useCombine(user.id, projectId);
  const audioUrl = voiceover?.url ?? null;
  // The next steps build on the combined video, so it must carry the voiceover as it now stands.
  const combined = combine.state.kind === 'done' && combine.state.audioUrl === audioUrl;
  const reason = !voiceover ? audioTexts.needVoiceover : !combined ? audioTexts.needCombined : null;
  return (
    <>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <VoiceoverPanel user={user} projectId={projectId} script={script} voiceover={voiceover} onVoiceover={setVoiceover} />
        <CombinePanel
          state={combine.state}
          projectVideo={video.isError ? null : video.data}
          audioUrl={audioUrl}
          onCombine={() => audioUrl && void combine.start(audioUrl)}
        />
      </div>
      <NextButton reason={reason} onNext={() => void goNext(projectId)} />
    </>
  );
}

/** SPEC §2 /audio-types: the voiceover combined with the project's video. */
export function VoiceoverTypesPage() {
  return <VoiceoverProject scriptPath="/script-types">{(project) => <VoiceoverTypesStep {...project} />}</VoiceoverProject>;
}
