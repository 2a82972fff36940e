import { audioTexts, type SessionUser } from '@reelsmith/contracts';
import { VoiceoverProject } from './VoiceoverProject.tsx';
import { NextButton } from './NextButton.tsx';
import { useVoiceover } from './useVoiceover.ts';
import { VoiceoverPanel } from './VoiceoverPanel.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

function VoiceoverStep({ user, projectId, script }: { user: SessionUser; projectId: string; script: string }) {
  const { goNext } = useWorkflowPage();
  const [voiceover, setVoiceover] = useVoiceover(user.id, projectId);
  return (
    <>
      <VoiceoverPanel user={user} projectId={projectId} script={script} voiceover={voiceover} onVoiceover={setVoiceover} />
      <NextButton reason={voiceover ? null : audioTexts.needVoiceover} onNext={() => void goNext(projectId)} />
    </>
  );
}

/** SPEC §2 /audio: the voiceover for a Custom Storyboard. */
export function VoiceoverPage() {
  return <VoiceoverProject scriptPath="/script">{(project) => <VoiceoverStep {...project} />}</VoiceoverProject>;
}
