import { brandEndpoints, mediaEndpoints, uploadMessages, type Brand, type BrandFields, type MusicTrack } from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import { brandFailure } from '../../lib/brands.ts';

/** Every failure shows the server's own words (the plan bound, a taken name, a refused font), else the fallback. */
export async function createBrand(fields: BrandFields): Promise<Brand> {
  return (await attempt(call(brandEndpoints.create, fields), brandFailure)).brand;
}

export async function updateBrand(id: string, fields: Partial<BrandFields>): Promise<Brand> {
  return (await attempt(call(brandEndpoints.update, fields, { params: { id } }), brandFailure)).brand;
}

export function deleteBrand(id: string) {
  return attempt(call(brandEndpoints.remove, undefined, { params: { id } }), brandFailure);
}

export async function uploadBrandLogo(id: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('logo', file);
  return (await attempt(call(brandEndpoints.uploadLogo, form, { params: { id } }), { ...brandFailure, fallback: uploadMessages.failed })).logo_url;
}

export async function removeBrandLogo(id: string): Promise<Brand> {
  return (await attempt(call(brandEndpoints.removeLogo, undefined, { params: { id } }), brandFailure)).brand;
}

/** The licence answer goes first, so the server can refuse before reading the file. */
export async function uploadBrandFont(id: string, file: File): Promise<Brand> {
  const form = new FormData();
  form.append('licensed', 'true');
  form.append('font', file);
  return (await attempt(call(brandEndpoints.uploadFont, form, { params: { id } }), brandFailure)).brand;
}

/** The library's tracks (POST /api/music); the silent 'No Background Music' entry is the form's own "No music". */
export async function fetchMusicTracks(): Promise<MusicTrack[]> {
  return (await call(mediaEndpoints.music, undefined)).filter((track) => !track.silent);
}

/** Library previews whose first frame is footage rather than a title or a split screen, best first. */
const plainStills = ['animated-images', 'scroll-stopper', 'add-brolls', 'own-video'];

/** A still of the library to stand behind the preview (a video type preview's poster), or null while none is made. */
export async function fetchPreviewStill(): Promise<string | null> {
  const { previews } = await call(mediaEndpoints.videoTypePreviews, undefined);
  const plain = plainStills.map((id) => previews.find((preview) => preview.id === id)).find(Boolean);
  return (plain ?? previews[0])?.poster_url ?? null;
}
