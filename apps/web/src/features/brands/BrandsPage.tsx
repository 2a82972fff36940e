import { brandMessages, dashboardEndpoints, type Brand, type BrandFields } from '@reelsmith/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, linkClasses } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import type { NoticeMessage } from '../../components/ui/Notice.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { brandsQueryKey, invalidateBrandViews, useActivateBrand, useBrands, type BrandsResponse } from '../../lib/brands.ts';
import { call, shownText } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';
import { createBrand, deleteBrand, fetchMusicTracks, fetchPreviewStill, updateBrand } from './api.ts';
import { BrandEditor } from './BrandEditor.tsx';
import { brandTexts, heirOf } from './brandForm.ts';

const failed = 'Something went wrong. Please try again.';

function Swatches({ brand }: { brand: Brand }) {
  const { primary, secondary, text } = brand.colors;
  return (
    <span className="flex items-center gap-1" role="img" aria-label={`Colours: primary ${primary}, secondary ${secondary}, text ${text}`}>
      {[primary, secondary, text].map((colour, i) => (
        <span key={i} className="size-5 rounded-full ring-1 ring-black/15" style={{ backgroundColor: colour }} />
      ))}
    </span>
  );
}

function BrandCard({ brand, selected, onEdit }: { brand: Brand; selected: boolean; onEdit: () => void }) {
  return (
    <article
      aria-label={brand.name}
      className={`flex h-full items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ${selected ? 'ring-2 ring-accent' : 'ring-black/5'}`}
    >
      {brand.logo_url ? (
        <img src={brand.logo_url} alt="" className="size-12 shrink-0 rounded-lg bg-gray-50 object-contain ring-1 ring-gray-200" />
      ) : (
        <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-lg text-lg font-bold" style={{ backgroundColor: brand.colors.primary, color: brand.colors.text }}>
          {brand.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-center gap-2">
          <h3 className="truncate font-semibold" title={brand.name}>
            {brand.name}
          </h3>
          {brand.active && <span className="shrink-0 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-strong">Active</span>}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <Swatches brand={brand} />
          <span>{brandTexts.projects(brand.project_count)}</span>
        </div>
      </div>
      <Button variant="link" className="shrink-0 px-1 py-2" aria-label={`Edit ${brand.name}`} aria-pressed={selected} onClick={onEdit}>
        Edit
      </Button>
    </article>
  );
}

function BrandsManager({ data, email }: { data: BrandsResponse; email: string }) {
  const queryClient = useQueryClient();
  const { brands, allowed } = data;
  // A brand's id, 'new' for the new brand form; the active brand until the user picks another.
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked === 'new' ? null : (brands.find((b) => b.id === picked) ?? brands.find((b) => b.id === data.active_id) ?? brands[0] ?? null);
  const editing = picked === 'new' ? 'new' : (selected?.id ?? 'new');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [pageNotice, setPageNotice] = useState<NoticeMessage | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const atBound = brands.length >= allowed;
  const subscription = useQuery({ queryKey: ['subscription', email], queryFn: () => call(dashboardEndpoints.subscription, { email }), enabled: atBound });
  const tracks = useQuery({ queryKey: ['music-tracks'], queryFn: fetchMusicTracks, staleTime: 5 * 60_000 });
  const still = useQuery({ queryKey: ['brand-preview-still'], queryFn: fetchPreviewStill, staleTime: Infinity, retry: false });
  const activate = useActivateBrand();

  /** A brand the server answered with: into the list at once, then everything that shows brands asks again. */
  function keep(brand: Brand) {
    queryClient.setQueryData<BrandsResponse>(brandsQueryKey, (current) => {
      if (!current) return current;
      const known = current.brands.some((b) => b.id === brand.id);
      return { ...current, brands: known ? current.brands.map((b) => (b.id === brand.id ? { ...b, ...brand } : b)) : [...current.brands, brand] };
    });
    void invalidateBrandViews(queryClient);
  }

  const save = useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: BrandFields }) => (id ? updateBrand(id, fields) : createBrand(fields)),
    onSuccess: (brand, { id }) => {
      keep(brand);
      setPicked(brand.id);
      setNotice({ tone: 'success', text: id ? brandTexts.saved(brand.name) : brandTexts.created(brand.name) });
    },
    onError: (error) => setNotice({ tone: 'error', text: shownText(error, failed) }),
  });

  const removal = useMutation({
    mutationFn: (brand: Brand) => deleteBrand(brand.id),
    onSuccess: (answer, brand) => {
      const heir = brands.find((b) => b.id === answer.moved_to)?.name ?? heirOf(brand, brands)?.name ?? '';
      queryClient.setQueryData<BrandsResponse>(brandsQueryKey, (current) => current && { ...current, brands: current.brands.filter((b) => b.id !== brand.id) });
      void invalidateBrandViews(queryClient);
      setDeleting(null);
      setPicked(null);
      setNotice(null);
      setPageNotice({ tone: 'success', text: brandTexts.deleted(brand.name, answer.moved_projects, heir) });
    },
    onError: (error) => setDeleteError(shownText(error, failed)),
  });

  function pick(id: string) {
    setPicked(id);
    setNotice(null);
    setPageNotice(null);
  }

  function makeActive(brand: Brand) {
    setNotice(null);
    activate.mutate(brand.id, {
      onSuccess: () => setNotice({ tone: 'success', text: brandTexts.activated(brand.name) }),
      onError: (error) => setNotice({ tone: 'error', text: shownText(error, failed) }),
    });
  }

  // The server's own refusal text (the same contract function), so the page says before a click what a click would get.
  const boundReason = subscription.data ? brandMessages.limit(subscription.data.plan_id) : brandTexts.atBound;
  const heir = deleting ? heirOf(deleting, brands) : null;

  return (
    <>
      <section aria-labelledby="your-brands" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="your-brands" className="text-xl font-semibold">
              Your brands
            </h2>
            <p className="text-sm text-muted">{brandTexts.allowance(brands.length, allowed)}</p>
          </div>
          <Button disabled={atBound} aria-describedby={atBound ? 'new-brand-reason' : undefined} onClick={() => pick('new')}>
            {brandTexts.newBrand}
          </Button>
        </div>
        {atBound && (
          <p id="new-brand-reason" className="rounded-lg bg-gray-100 px-4 py-3 text-sm">
            {boundReason}{' '}
            <Link to="/Subscriptions" className={linkClasses}>
              See plans
            </Link>
          </p>
        )}
        {pageNotice && <Notice message={pageNotice} />}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {brands.map((brand) => (
            <li key={brand.id} className="min-w-0">
              <BrandCard brand={brand} selected={editing === brand.id} onEdit={() => pick(brand.id)} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="brand-editor" className="flex flex-col gap-4">
        <h2 id="brand-editor" className="text-xl font-semibold [overflow-wrap:anywhere]">
          {selected ? `Edit ${selected.name}` : brandTexts.newBrandName}
        </h2>
        <BrandEditor
          key={editing}
          brand={selected}
          tracks={tracks.data}
          still={still.data ?? null}
          saving={save.isPending}
          notice={notice}
          onSave={(fields) => {
            setNotice(null);
            save.mutate({ id: selected?.id ?? null, fields });
          }}
          activating={activate.isPending}
          onActivate={() => selected && makeActive(selected)}
          onAskDelete={() => {
            setDeleteError(null);
            setDeleting(selected);
          }}
          lastBrand={brands.length <= 1 ? brandMessages.lastBrand : null}
          onBrandChanged={keep}
        />
      </section>

      <Dialog open={deleting !== null} title={deleting ? brandTexts.deleteTitle(deleting.name) : 'Delete brand'} onClose={() => setDeleting(null)}>
        {deleting && (
          <>
            <p className="text-sm text-gray-700">{heir ? brandTexts.deleteMoves(deleting.project_count, heir.name) : brandMessages.lastBrand}</p>
            <p className="mt-2 text-sm text-gray-700">Its logo, colours, fonts and end card are deleted with it.</p>
            {deleteError && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-800">
                {deleteError}
              </p>
            )}
            <div className="mt-5 flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                Keep brand
              </Button>
              <Button disabled={removal.isPending || !heir} onClick={() => removal.mutate(deleting)}>
                Delete brand
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}

/** Issue 32: the user's brand kits, each with its look, voice, music and end card, and the active one for new videos. */
export function BrandsPage() {
  const { data: user } = useSession();
  const brands = useBrands();
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{brandTexts.heading}</h1>
        <p className="max-w-2xl text-muted">{brandTexts.intro}</p>
      </div>
      {brands.data && user ? (
        <BrandsManager data={brands.data} email={user.email} />
      ) : brands.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm font-medium text-red-800">
            {shownText(brands.error, 'Your brands could not be loaded.')}
          </p>
          <Button variant="secondary" onClick={() => void brands.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-3 text-sm text-muted">
          <Spinner className="size-5" />
          Loading your brands
        </p>
      )}
    </div>
  );
}
