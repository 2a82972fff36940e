import { formMessages, ideaMessages, type IdeaItem, type SessionUser } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { linkClasses } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { shownText } from '../../lib/client.ts';
import { startProjectFromIdea } from './api.ts';
import { EarlierIdeas, NewIdeas } from './IdeaList.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { useBusinessProfile, useUserIdeas } from './queries.ts';
import { emptyProfile } from './validation.ts';

/** Where "Use this idea" lands: the Custom Storyboard script step, with the new project and its prompt. */
function scriptPathFor(projectId: string, prompt: string): string {
  return `/script?${new URLSearchParams({ project: projectId, prompt }).toString()}`;
}

function Loading() {
  return (
    <div role="status" className="flex items-center gap-3 text-muted">
      <Spinner className="size-6" />
      Loading…
    </div>
  );
}

function IdeasWorkspace({ user }: { user: SessionUser }) {
  const profile = useBusinessProfile(user.email);
  const history = useUserIdeas(user.email);
  const navigate = useNavigate();
  const [fresh, setFresh] = useState<IdeaItem[] | null>(null);
  // Pending until the navigation is done, so the page stays busy until the script page takes over.
  const starting = useMutation({
    mutationFn: (idea: IdeaItem) => startProjectFromIdea(idea.id),
    onSuccess: (projectId, idea) => navigate(scriptPathFor(projectId, idea.script_prompt)),
  });
  const useError = starting.error ? shownText(starting.error, formMessages.unexpected) : null;
  const freshHeading = useRef<HTMLHeadingElement>(null);

  // New ideas appear beside (or, on a phone, below) the form: bring them into view and to the reader's attention.
  useEffect(() => {
    if (!fresh) return;
    freshHeading.current?.focus();
    freshHeading.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [fresh]);

  const freshIds = new Set(fresh?.map((idea) => idea.id));
  const earlier = (history.data?.ideas ?? []).filter((idea) => !freshIds.has(idea.id));
  const loadFailed = profile.isError || history.isError;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Generate Ideas</h1>
        <Link to="/dashboard" className={linkClasses}>
          Go to dashboard
        </Link>
      </div>
      {loadFailed && <Notice message={{ tone: 'error', text: ideaMessages.loadFailed }} />}

      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <section className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6 lg:sticky lg:top-6">
          <h2 id="profile-heading" className="mb-4 text-lg font-semibold">
            Business details
          </h2>
          {profile.isPending ? (
            <Loading />
          ) : (
            <ProfileForm email={user.email} initial={{ ...emptyProfile, ...profile.data }} allowance={history.data?.allowance} onGenerated={setFresh} />
          )}
        </section>

        <div className="flex flex-col gap-8">
          {useError && <Notice message={{ tone: 'error', text: useError }} />}
          {fresh && (
            <section aria-labelledby="new-ideas-heading">
              <h2 id="new-ideas-heading" ref={freshHeading} tabIndex={-1} className="mb-3 text-lg font-semibold">
                New ideas
              </h2>
              <NewIdeas ideas={fresh} disabled={starting.isPending} onUse={(idea) => starting.mutate(idea)} />
            </section>
          )}
          {!(fresh && earlier.length === 0) && (
            <section aria-labelledby="earlier-ideas-heading">
              <h2 id="earlier-ideas-heading" className="mb-3 text-lg font-semibold">
                Earlier ideas
              </h2>
              {history.isPending ? <Loading /> : <EarlierIdeas ideas={earlier} disabled={starting.isPending} onUse={(idea) => starting.mutate(idea)} />}
            </section>
          )}
        </div>
      </div>
      {starting.isPending && <RenderProgress title={ideaMessages.startingProject} />}
    </div>
  );
}

export function GenerateIdeasPage() {
  const { data: user } = useSession();
  // RequireSession renders this page only once the session is known.
  return user ? <IdeasWorkspace user={user} /> : null;
}
