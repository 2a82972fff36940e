import {
  genericMessages,
  ugcAgeGroups,
  ugcBackgrounds,
  ugcClothing,
  ugcDefaults,
  ugcEthnicities,
  ugcFieldLabels,
  ugcGenders,
  ugcPersonChoices,
  ugcPlacements,
  ugcPollMs,
  ugcProductMaxLength,
  ugcTexts,
  type JobEstimate,
  type UgcConfig,
} from '@reelsmith/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { estimateOf } from '../../lib/progress.ts';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';
import { checkUgcImage, fetchLatestConfig, fetchUgcSettings, startUgcImage } from './api.ts';
import { ProductPhoto, type PhotoDraft } from './ProductPhoto.tsx';
import { useFollow, type Reading } from './useFollow.ts';

type Choices = Omit<UgcConfig, 'product'>;
const choiceFields: { name: keyof Choices; options: readonly string[] }[] = [
  { name: 'gender', options: ugcGenders },
  { name: 'ethnicity', options: ugcEthnicities },
  { name: 'ageGroup', options: ugcAgeGroups },
  { name: 'clothing', options: ugcClothing },
  { name: 'productPlacement', options: ugcPlacements },
  { name: 'background', options: ugcBackgrounds },
];

const freePhoto = (photo: PhotoDraft) => photo?.kind === 'file' && URL.revokeObjectURL(photo.previewUrl);

/**
 * SPEC §2/§4 UGC Video, step 1 (/ugc-video): the form with its defaults, then Generate Image; the image status is
 * polled every 5 s until `ugc_image` exists, then step 2. The latest form comes back on a return visit.
 */
export function UgcFormPage() {
  const { user, projectId, setProject, goNext } = useWorkflowPage();
  const settings = useQuery({ queryKey: ['ugc', 'settings'], queryFn: fetchUgcSettings });
  const latest = useQuery({
    queryKey: ['ugc', 'latest-config', user?.id, projectId],
    queryFn: () => fetchLatestConfig(user!.id, projectId),
    enabled: Boolean(user),
    staleTime: Infinity,
  });
  const [product, setProduct] = useState('');
  const [choices, setChoices] = useState<Choices>(ugcDefaults);
  const [photo, setPhoto] = useState<PhotoDraft>(null);
  const [restoredFrom, setRestoredFrom] = useState<string | null>(null);
  const [busy, setBusy] = useState<{ percent?: number; estimate?: JobEstimate } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const starting = useMutation({ mutationFn: startUgcImage });
  const queryClient = useQueryClient();
  const follow = useFollow();

  // The form the latest still was made from, once: the user's own edits are never overwritten.
  useEffect(() => {
    const found = latest.data;
    if (!found?.video_id || restoredFrom) return;
    setRestoredFrom(found.video_id);
    setProduct(found.product ?? '');
    setChoices({
      gender: found.gender ?? ugcDefaults.gender,
      ethnicity: found.ethnicity ?? ugcDefaults.ethnicity,
      ageGroup: found.agegroup ?? ugcDefaults.ageGroup,
      clothing: found.clothing ?? ugcDefaults.clothing,
      productPlacement: found.productplacement ?? ugcDefaults.productPlacement,
      background: found.background ?? ugcDefaults.background,
    });
    if (found.product_image) setPhoto({ kind: 'kept', url: found.product_image });
    // A still still being made (the page was reloaded meanwhile) is followed to step 2 as if never left.
    if (user && projectId === found.video_id) {
      void checkUgcImage(user.id, found.video_id)
        .then((status) => status.status === 'processing' && followImage(user.id, found.video_id!, true))
        .catch(() => undefined);
    }
    // Once per latest answer: the user's edits after it are theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest.data, restoredFrom]);

  const current = useRef(photo);
  useEffect(() => {
    current.current = photo;
  }, [photo]);
  useEffect(() => () => void freePhoto(current.current), []);

  async function readImage(userId: string, project: string): Promise<Reading> {
    const status = await checkUgcImage(userId, project);
    if (status.ugc_image) return { phase: 'done', url: status.ugc_image };
    if (status.status === 'error') return { phase: 'failed', message: status.error ?? ugcTexts.imageFailed };
    return { phase: 'running', percent: status.percent || undefined, estimate: estimateOf(status) };
  }

  async function followImage(userId: string, project: string, firstNow: boolean) {
    setBusy({});
    try {
      const reading = await follow(() => readImage(userId, project), { pollMs: ugcPollMs, firstNow, onRunning: (percent, estimate) => setBusy({ percent, estimate }) });
      if (reading?.phase === 'done') return void goNext(project);
      if (reading?.phase === 'failed') setError(reading.message);
    } catch (failure) {
      setError((failure as Error).message);
    }
    setBusy(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) return setError(genericMessages.signInRequired);
    if (!product.trim()) return setError(ugcTexts.needProduct);
    if (!photo) return setError(ugcTexts.needImage);
    setError(null);
    setBusy({});
    // A kept photo belongs to the restored project: a new still for it reuses the photo there.
    const project = photo.kind === 'kept' ? restoredFrom : projectId;
    try {
      const started = await starting.mutateAsync({
        userId: user.id,
        projectId: project,
        config: { product, ...choices },
        productImage: photo.kind === 'file' ? photo.file : null,
      });
      // This page's own still: the form it was made from is the one on screen, so nothing is restored or resumed.
      setRestoredFrom(started);
      setProject(started);
      // Step 2 asks afresh for its still and prompt.
      void queryClient.invalidateQueries({ queryKey: ['ugc'] });
      await followImage(user.id, started, false);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(null);
    }
  }

  const offline = settings.data?.image_generator === 'local';
  const personLabels = ugcPersonChoices.map((name) => ugcFieldLabels[name]);
  return (
    <div className="flex flex-col gap-6">
      {busy && <RenderProgress title={ugcTexts.imageBusy} notice={ugcTexts.imageEstimate} percent={busy.percent} progressLabel={ugcTexts.progressLabel} estimate={busy.estimate} />}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{ugcTexts.heading}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex max-w-3xl flex-col gap-6">
        <TextField
          label={ugcFieldLabels.product}
          value={product}
          maxLength={ugcProductMaxLength}
          required
          autoComplete="off"
          onChange={(event) => {
            setProduct(event.currentTarget.value);
            setError(null);
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {choiceFields.map(({ name, options }) => (
            <SelectField
              key={name}
              label={ugcFieldLabels[name]}
              options={options}
              value={choices[name]}
              onChange={(event) => {
                // Read now: the event's target is gone by the time the update runs.
                const value = event.currentTarget.value;
                setChoices((all) => ({ ...all, [name]: value }));
              }}
            />
          ))}
        </div>
        <ProductPhoto
          photo={photo}
          onPick={(file) => {
            freePhoto(photo);
            setPhoto({ kind: 'file', file, previewUrl: URL.createObjectURL(file) });
            setError(null);
          }}
          onRemove={() => {
            freePhoto(photo);
            setPhoto(null);
          }}
        />
        {offline && (
          <div role="note" className="flex flex-col gap-1 rounded-lg bg-accent-soft px-4 py-3 text-sm text-ink">
            <p>{ugcTexts.offlineImage}</p>
            <p>{ugcTexts.offlinePeople(`${personLabels.slice(0, -1).join(', ')} and ${personLabels.at(-1)}`)}</p>
          </div>
        )}
        {settings.data && <p className="text-sm text-muted">{ugcTexts.imagesLeft(settings.data.images_left)}</p>}
        {error && <Notice message={{ tone: 'error', text: error }} />}
        <Button type="submit" className="self-start" disabled={Boolean(busy)}>
          {ugcTexts.generateImage}
        </Button>
      </form>
    </div>
  );
}
