import { centredImage, defaultImageEffect, generatedVideoTexts, imageToVideoTexts, uploadPolicies, type ImageEffect, type ImageFocus } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { GeneratedVideo } from '../../components/media/GeneratedVideo.tsx';
import { StockSearchModal } from '../../components/stock/StockSearchModal.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';
import { fetchEffects } from './api.ts';
import { EffectOptions } from './EffectOptions.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { addImages, countIsValid, type PickedImage } from './images.ts';
import { useConversion } from './useConversion.ts';

const revoke = (image: PickedImage) => image.source.kind === 'file' && URL.revokeObjectURL(image.previewUrl);

/** SPEC §2 /ImagetoVideo (Animated Images): 2 to 10 images, zoom, effect, Convert, then the result with Restart and Next. */
export function ImageToVideoPage() {
  const { user, projectId, setProject, goNext } = useWorkflowPage();
  const effects = useQuery({ queryKey: ['image-effects'], queryFn: fetchEffects, staleTime: Infinity });
  const [images, setImages] = useState<PickedImage[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [zoom, setZoom] = useState(true);
  const [effect, setEffect] = useState<ImageEffect>(defaultImageEffect);
  const [stockOpen, setStockOpen] = useState(false);
  const { conversion, error, setError, convert, reset } = useConversion(setProject);

  // The previews of files are object URLs: freed when the page goes.
  const current = useRef(images);
  useEffect(() => {
    current.current = images;
  }, [images]);
  useEffect(() => () => current.current.forEach(revoke), []);

  function add(incoming: PickedImage[]) {
    const outcome = addImages(images, incoming);
    incoming.filter((image) => !outcome.images.includes(image)).forEach(revoke);
    setImages(outcome.images);
    const notes = [
      // The server's own text for such an image, said here before the upload rather than after it.
      outcome.tooLarge ? uploadPolicies['scene-image'].tooLargeMessage() : '',
      outcome.duplicates ? imageToVideoTexts.duplicates(outcome.duplicates) : '',
      outcome.dropped ? imageToVideoTexts.dropped(outcome.dropped) : '',
    ];
    setNote(notes.filter(Boolean).join(' ') || null);
    setError(null);
  }

  const addFiles = (files: File[]) =>
    add(files.map((file) => ({ id: crypto.randomUUID(), name: file.name, size: file.size, previewUrl: URL.createObjectURL(file), source: { kind: 'file', file }, focus: centredImage })));

  function remove(id: string) {
    const gone = images.find((image) => image.id === id);
    if (gone) revoke(gone);
    setImages(images.filter((image) => image.id !== id));
    setNote(null);
  }

  const frame = (id: string, focus: ImageFocus) => setImages((all) => all.map((image) => (image.id === id ? { ...image, focus } : image)));

  function start() {
    if (!user) return setError(imageToVideoTexts.notLoggedIn);
    if (!countIsValid(images)) return setError(imageToVideoTexts.wrongCount);
    void convert({ userId: user.id, projectId, images, zoom, effect });
  }

  function restart() {
    images.forEach(revoke);
    setImages([]);
    setNote(null);
    setZoom(true);
    setEffect(defaultImageEffect);
    reset();
  }

  if (conversion.phase === 'done') {
    const done = conversion.projectId;
    return <GeneratedVideo heading="Animated Images" url={conversion.url} label="Your video" onRestart={restart} restartHint={generatedVideoTexts.restartHint('Convert to video')} onNext={() => void goNext(done)} />;
  }

  return (
    <div className="flex flex-col gap-6">
      {conversion.phase === 'busy' && (
        <RenderProgress title={imageToVideoTexts.busy} notice={imageToVideoTexts.estimate} percent={conversion.percent} progressLabel={imageToVideoTexts.progressLabel} estimate={conversion.estimate} />
      )}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Animated Images</h1>
      <div className="grid gap-8 md:grid-cols-[1fr_16rem]">
        <div className="flex flex-col gap-3">
          <ImagePicker images={images} onFiles={addFiles} onRemove={remove} onFocus={frame} onSearchStock={() => setStockOpen(true)} />
          {note && (
            <p role="status" className="text-sm text-muted">
              {note}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-5">
          <EffectOptions zoom={zoom} onZoom={setZoom} effect={effect} onEffect={setEffect} previews={effects.data} />
          {error && <Notice message={{ tone: 'error', text: error }} />}
          <Button onClick={start}>Convert to video</Button>
        </div>
      </div>
      <StockSearchModal
        open={stockOpen}
        onClose={() => setStockOpen(false)}
        types={['image']}
        videoChoice="hd"
        onAdded={(upload, added) =>
          add([{ id: upload.id, name: added.name, size: upload.size, previewUrl: upload.url, source: { kind: 'upload', url: upload.url }, focus: centredImage }])
        }
      />
    </div>
  );
}
