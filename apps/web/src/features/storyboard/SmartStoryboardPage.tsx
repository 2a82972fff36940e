import { storyboardTexts, workflowMessages, type SessionUser } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { linkClasses } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { generateScenes } from './api.ts';
import { StoryboardWorkspace } from './StoryboardWorkspace.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

function StoryboardLoader({ user, projectId }: { user: SessionUser; projectId: string | null }) {
  const { setProject } = useWorkflowPage();
  // generate-and-store-scenes writes the scenes the first time: a mutation, asked once per project the page opens.
  const { mutate, ...scenes } = useMutation({ mutationFn: (id: string | null) => generateScenes(user.id, id) });
  const found = scenes.data?.videoId;

  useEffect(() => {
    if (found && (projectId === null || found === projectId)) return;
    mutate(projectId);
  }, [projectId, found, mutate]);

  useEffect(() => {
    // Without ?project= the server answered for the user's latest project: name it, so every later call does too.
    if (!projectId && found) setProject(found);
  }, [projectId, found, setProject]);

  if (scenes.isPending || scenes.isIdle) return <RenderProgress title={workflowMessages.generatingStoryboard} notice={storyboardTexts.scenesEstimate} />;
  if (scenes.isError) {
    const needsScript = scenes.error.message === storyboardTexts.needsScript;
    return (
      <div className="flex flex-col items-start gap-3">
        <Notice message={{ tone: 'error', text: scenes.error.message }} />
        {needsScript && (
          <Link to={projectId ? `/script?project=${encodeURIComponent(projectId)}` : '/script'} className={linkClasses}>
            Go to the script
          </Link>
        )}
      </div>
    );
  }
  if (!projectId || found !== projectId) return <RenderProgress title={workflowMessages.generatingStoryboard} notice={storyboardTexts.scenesEstimate} />;
  return <StoryboardWorkspace key={projectId} user={user} projectId={projectId} initialTexts={scenes.data.texts} initialMedia={scenes.data.media} />;
}

/** SPEC §2 /smart-storyboard, step 'Background Video': six scenes from the script, a video for each, then one video. */
export function SmartStoryboardPage() {
  const { user, projectId, page } = useWorkflowPage();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page?.title}</h1>
      {user && <StoryboardLoader user={user} projectId={projectId} />}
    </div>
  );
}
