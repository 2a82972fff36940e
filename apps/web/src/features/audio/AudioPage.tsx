import { audioTexts, type SessionUser } from '@reelsmith/contracts';
import { useNavigate } from 'react-router';
import { AudioProject } from './AudioProject.tsx';
import { NextButton } from './NextButton.tsx';
import { useVoiceover } from './useVoiceover.ts';
import { VoiceoverPanel } from './VoiceoverPanel.tsx';
import { useFlow } from '../../lib/flow.ts';

function AudioStep({ user, projectId, script }: { user: SessionUser; projectId: string; script: string }) {
  const navigate = useNavigate();
  const { nextPath } = useFlow();
  const [voiceover, setVoiceover] = useVoiceover(user.id, projectId);
  return (
    <>
      <VoiceoverPanel user={user} projectId={projectId} script={script} voiceover={voiceover} onVoiceover={setVoiceover} />
      <NextButton reason={voiceover ? null : audioTexts.needVoiceover} onNext={() => void navigate(nextPath(projectId))} />
    </>
  );
}

/** SPEC §2 /audio: the voiceover for a Custom Storyboard. */
export function AudioPage() {
  return <AudioProject scriptPath="/script">{(project) => <AudioStep {...project} />}</AudioProject>;
}
