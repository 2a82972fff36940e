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

/** Library backgrounds that read as a business's own footage, best first ('offer' carries words of its own). */
const plainStills = ['cafe', 'restaurant', 'salon', 'calm-yellow', 'jellyfish', 'product'];

/** A Scroll Stopper background's thumbnail to stand behind the preview, or null while the library has made none. */
export async function fetchPreviewStill(): Promise<string | null> {
  const backgrounds = await call(mediaEndpoints.backgrounds, undefined);
  const plain = plainStills.map((id) => backgrounds.find((background) => background.id === id)).find(Boolean);
  return (plain ?? backgrounds.find((background) => background.id !== 'offer'))?.thumbnail_url ?? null;
}
