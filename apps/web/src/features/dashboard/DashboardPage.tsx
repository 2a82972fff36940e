import type { SessionUser } from '@reelsmith/contracts';
import { useState } from 'react';
import { useSession } from '../../lib/session.ts';
import { DashboardActions } from './DashboardActions.tsx';
import { DraftList } from './DraftList.tsx';
import { LogoPanel } from './LogoPanel.tsx';
import { PlanPanel } from './PlanPanel.tsx';
import { useDeleteVideo, useDiscardDraft, useDrafts, useRenameVideo, useSubscription, useVideos } from './queries.ts';
import { VideoGrid } from './VideoGrid.tsx';
import { VideoTypeDialog } from './VideoTypeDialog.tsx';

function Dashboard({ user }: { user: SessionUser }) {
  const subscription = useSubscription(user.email);
  const videos = useVideos(user.email, user.id);
  const [choosingType, setChoosingType] = useState(false);
  const deleteVideo = useDeleteVideo(user.email);
  const renameVideo = useRenameVideo(user.email);
  const drafts = useDrafts(user.email);
  const discardDraft = useDiscardDraft(user.email);
  const plan = subscription.data;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-5">
        {/* SPEC §2 names the email; the name from sign-up goes first. A long address breaks anywhere rather than overflow. */}
        <h1 className="text-xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
          Welcome, {user.name} ({user.email})
        </h1>
        <DashboardActions plan={plan} onCreateVideo={() => setChoosingType(true)} />
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <PlanPanel subscription={plan} failed={subscription.isError} onRetry={() => void subscription.refetch()} />
        </div>
        <LogoPanel email={user.email} logo={plan?.logo ?? null} />
      </div>

      <DraftList drafts={drafts.data} failed={drafts.isError} onRetry={() => void drafts.refetch()} onDiscard={discardDraft} />

      <VideoGrid
        videos={videos.data}
        hasDrafts={Boolean(drafts.data?.length)}
        failed={videos.isError}
        onRetry={() => void videos.refetch()}
        onCreateVideo={() => setChoosingType(true)}
        onDelete={deleteVideo}
        onRename={renameVideo}
      />

      <VideoTypeDialog open={choosingType} userId={user.id} motionTemplates={plan?.ai_motion_templates} onClose={() => setChoosingType(false)} />
    </div>
  );
}

export function DashboardPage() {
  const { data: user } = useSession();
  // RequireSession renders this page only once the session is known.
  return user ? <Dashboard user={user} /> : null;
}
