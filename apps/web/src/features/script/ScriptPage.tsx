import { scriptTexts, type SessionUser } from '@reelsmith/contracts';
import { useCallback, useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { linkClasses } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { useDraft, useDraftCache, type SavedDraft } from './queries.ts';
import { ScriptWorkspace, type ScriptVariant } from './ScriptWorkspace.tsx';

interface ArrivalState {
  focusScript?: boolean;
}

/**
 * Which project the page edits. `?project=` names it; "Use this idea" also passes `?prompt=`. Without a project,
 * /script is the dashboard's Custom Storyboard tile, a new video: nothing is loaded and the first generation starts
 * the project. /script-types always continues a video-first project: the named one, or else the user's latest.
 * Once known, the project is written into the address, so a reload or Next stays with it and drafts never mix.
 */
function ScriptLoader({ user, variant }: { user: SessionUser; variant: ScriptVariant }) {
  const [params, setParams] = useSearchParams();
  const arrival = useLocation().state as ArrivalState | null;
  const projectId = params.get('project');
  const loads = variant === 'video' || projectId !== null;
  const draft = useDraft(user.id, projectId, loads);
  const cache = useDraftCache(user.id);

  const moveTo = useCallback(
    (saved: SavedDraft, state: ArrivalState = {}) => {
      cache.put(saved);
      setParams({ project: saved.video_id }, { replace: true, state });
    },
    [cache, setParams],
  );

  const latest = draft.data;
  useEffect(() => {
    if (!projectId && latest?.video_id) moveTo({ ...latest, video_id: latest.video_id });
  }, [projectId, latest, moveTo]);

  if (loads && draft.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 text-muted">
        <Spinner className="size-6" />
        Loading…
      </div>
    );
  }
  if (loads && draft.isError) return <Notice message={{ tone: 'error', text: scriptTexts.loadFailed }} />;
  if (loads && !latest?.video_id) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Notice message={{ tone: 'error', text: scriptTexts.noVideo }} />
        <Link to="/dashboard" className={linkClasses}>
          Go to dashboard
        </Link>
      </div>
    );
  }

  const videoId = latest?.video_id ?? null;
  return (
    <ScriptWorkspace
      // A different project is a different page: nothing typed for one may end up in another.
      key={videoId ?? 'new'}
      user={user}
      variant={variant}
      projectId={videoId}
      initialPrompt={params.get('prompt') ?? latest?.prompt ?? ''}
      initialScript={latest?.script || null}
      focusScript={arrival?.focusScript === true}
      onGenerated={(saved) => moveTo(saved, { focusScript: true })}
    />
  );
}

/** SPEC §2 /script (variant 'prompt') and /script-types (variant 'video', the flows that start from a video). */
export function ScriptPage({ variant }: { variant: ScriptVariant }) {
  const { data: user } = useSession();
  // RequireSession renders this page only once the session is known.
  return user ? <ScriptLoader user={user} variant={variant} /> : null;
}

export const PromptScriptPage = () => <ScriptPage variant="prompt" />;
export const VideoScriptPage = () => <ScriptPage variant="video" />;
