import { allBrands, type SessionUser } from '@reelsmith/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBrands } from '../../lib/brands.ts';
import { useSession } from '../../lib/session.ts';
import { BrandFilter } from './BrandFilter.tsx';
import { DashboardActions } from './DashboardActions.tsx';
import { DraftList } from './DraftList.tsx';
import { LogoPanel } from './LogoPanel.tsx';
import { PlanPanel } from './PlanPanel.tsx';
import { useDeleteVideo, useDiscardDraft, useDrafts, useRenameVideo, useSubscription, useVideos } from './queries.ts';
import { VideoGrid } from './VideoGrid.tsx';
import { VideoTypeDialog } from './VideoTypeDialog.tsx';

/** The brand filter lives in the address (?brand=), so a reload or a shared link keeps it; a brand gone reads as all. */
function useBrandFilter() {
  const brands = useBrands();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('brand') ?? allBrands;
  const known = brands.data?.brands.some((brand) => brand.id === asked) ?? false;
  const brand = asked !== allBrands && (known || !brands.data) ? asked : allBrands;
  const setBrand = (next: string) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === allBrands) params.delete('brand');
        else params.set('brand', next);
        return params;
      },
      { replace: true },
    );
  const names = useMemo(() => new Map(brands.data?.brands.map((b) => [b.id, b.name]) ?? []), [brands.data]);
  return { brands: brands.data?.brands, brand, setBrand, brandNames: brand === allBrands && names.size > 1 ? names : null };
}

function Dashboard({ user }: { user: SessionUser }) {
  const subscription = useSubscription(user.email);
  const filter = useBrandFilter();
  const videos = useVideos(user.email, user.id, filter.brand);
  const [choosingType, setChoosingType] = useState(false);
  const deleteVideo = useDeleteVideo(user.email);
  const renameVideo = useRenameVideo(user.email);
  const drafts = useDrafts(user.email, filter.brand);
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

      {filter.brands && <BrandFilter brands={filter.brands} value={filter.brand} onChange={filter.setBrand} />}

      <DraftList drafts={drafts.data} failed={drafts.isError} onRetry={() => void drafts.refetch()} onDiscard={discardDraft} brandNames={filter.brandNames} />

      <VideoGrid
        videos={videos.data}
        hasDrafts={Boolean(drafts.data?.length)}
        failed={videos.isError}
        onRetry={() => void videos.refetch()}
        onCreateVideo={() => setChoosingType(true)}
        onDelete={deleteVideo}
        onRename={renameVideo}
        brandNames={filter.brandNames}
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
