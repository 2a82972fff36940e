import { audioTexts, type SessionUser } from '@reelsmith/contracts';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { linkClasses } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useProjectScript } from './queries.ts';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

export interface VoiceoverProjectProps {
  /** Where this flow's script is written: /script, or /script-types for the flows that start from a video. */
  scriptPath: '/script' | '/script-types';
  children: (project: { user: SessionUser; projectId: string; script: string }) => ReactNode;
}

const withProject = (path: string, projectId: string) => `${path}?${new URLSearchParams({ project: projectId }).toString()}`;

/**
 * Which project the page voices: `?project=`, else the user's latest, which is then written into the address so a
 * reload or Next stays with it. Without a script there is nothing to speak, so the page points back to the script.
 */
function Loader({ user, scriptPath, children }: VoiceoverProjectProps & { user: SessionUser }) {
  const { projectId, setProject } = useWorkflowPage();
  const draft = useProjectScript(user.id, projectId);
  const found = draft.data?.video_id ?? null;

  useEffect(() => {
    if (!projectId && found) setProject(found);
  }, [projectId, found, setProject]);

  if (draft.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 text-muted">
        <Spinner className="size-6" />
        Loading…
      </div>
    );
  }
  if (draft.isError) return <Notice message={{ tone: 'error', text: audioTexts.loadFailed }} />;
  const script = draft.data.script?.trim();
  if (!found || !script) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Notice message={{ tone: 'error', text: audioTexts.noScript }} />
        <Link to={found ? withProject(scriptPath, found) : scriptPath} className={linkClasses}>
          {audioTexts.goToScript}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="audio-script-heading" className="rounded-xl bg-accent-soft/50 p-4 text-sm sm:p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 id="audio-script-heading" className="font-semibold">
            {audioTexts.scriptHeading}
          </h2>
          <Link to={withProject(scriptPath, found)} className={linkClasses}>
            {audioTexts.editScript}
          </Link>
        </div>
        <p className="mt-2 max-h-40 overflow-y-auto whitespace-pre-line text-ink">{script}</p>
      </section>
      {/* Keyed by project: nothing chosen for one project may carry over to another. */}
      <div key={found} className="contents">
        {children({ user, projectId: found, script })}
      </div>
    </div>
  );
}

/** The frame of /audio and /audio-types: heading, the project's script, then the page's own steps. */
export function VoiceoverProject(props: VoiceoverProjectProps) {
  const { user, page } = useWorkflowPage();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page?.title}</h1>
        <p className="mt-2 text-muted">{audioTexts.intro}</p>
      </div>
      {user && <Loader user={user} {...props} />}
    </div>
  );
}
