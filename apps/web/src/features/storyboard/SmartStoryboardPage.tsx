import type { UploadResponse } from '@reelsmith/contracts';
import { useState } from 'react';
import { StockSearchModal } from '../../components/stock/StockSearchModal.tsx';
import type { AddedStock } from '../../components/stock/StockResults.tsx';
import { Button } from '../../components/ui/Button.tsx';

interface AddedMedia extends AddedStock {
  upload: UploadResponse;
}

/**
 * Smart Storyboard, for now only its stock search (SPEC §2 'Search Stock Images/Videos'): scene editing comes with
 * the storyboard step. Added files are the user's uploads, listed here so they can be seen to have arrived.
 */
export function SmartStoryboardPage() {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<AddedMedia[]>([]);

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Smart Storyboard</h1>
      <p className="mt-3 text-muted">Scene editing comes with the storyboard step. You can already collect stock images and videos for your scenes.</p>
      <Button className="mt-5" onClick={() => setOpen(true)}>
        Search Stock Images/Videos
      </Button>

      <section aria-labelledby="added-media" className="mt-8">
        <h2 id="added-media" className="text-lg font-semibold">
          Added media
        </h2>
        {added.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Nothing added yet.</p>
        ) : (
          <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-6">
            {added.map((item) => (
              <li key={item.upload.id} className="flex flex-col gap-1">
                <img src={item.thumbnailUrl} alt="" className="aspect-[9/16] w-full rounded-lg object-cover" />
                <span className="truncate text-sm">{item.name}</span>
                <span className="text-xs text-muted">{item.type === 'image' ? 'Image' : 'Video'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <StockSearchModal
        open={open}
        onClose={() => setOpen(false)}
        types={['image', 'video']}
        videoChoice="highest"
        onAdded={(upload, item) => setAdded((list) => [...list, { ...item, upload }])}
      />
    </>
  );
}
