import { type StockAddRequest, type StockPhoto, type StockSearchQuery, type StockSearchResponse, type UploadResponse } from '@reelsmith/contracts';

/** The stock search a scene without an image takes its still from, and keeping the pick as the user's upload. */
export interface StockStills {
  search(query: StockSearchQuery): Promise<StockSearchResponse>;
  add(userId: string, request: StockAddRequest): Promise<UploadResponse>;
}

const stopwords = new Set(
  `about above after again also because been before being below between both could does doing down during each from
  further have having here into just like more most only other over same should some such than that their them then
  there these they this those through under until very what when where which while with would your shot close scene
  view shows showing camera`.split(/\s+/),
);

/**
 * The searches for a scene's still, best first: what the scene shows (the writer's description before its quoted
 * `Voiceover:` line, else the whole text), its first few words together, then each on its own, so a picture library
 * that knows only one of the words still answers.
 */
export function stillQueries(scene: string): string[] {
  const described = scene.split(/voiceover:/i)[0]!.trim() || scene;
  const words = [...new Set((described.toLowerCase().match(/\p{L}[\p{L}'-]+/gu) ?? []).filter((w) => w.length >= 4 && !stopwords.has(w)))];
  if (words.length === 0) return [];
  return [...new Set([words.slice(0, 3).join(' '), ...words])];
}

/**
 * A portrait stock photo for each scene, none used twice: what the scene shows in the business's category first
 * (`fallback`, best first), so "hands at work" for a skincare shop finds hands with a serum before a workshop; then
 * what the scene shows alone, then the category alone. Only searches, so nothing is stored yet; a scene left out of
 * the answer gets a title card instead.
 */
export async function pickStills(stock: StockStills, scenes: { n: number; text: string }[], fallback: string[] = []): Promise<Map<number, StockPhoto>> {
  const picked = new Map<number, StockPhoto>();
  const used = new Set<number>();
  for (const scene of scenes) {
    const shown = stillQueries(scene.text);
    const inCategory = shown[0] && fallback[0] ? [`${shown[0]} ${fallback[0]}`] : [];
    for (const q of new Set([...inCategory, ...shown, ...fallback])) {
      const found = await stock.search({ q, page: 1, per_page: 15, orientation: 'portrait', type: 'image' });
      const photo = 'photos' in found ? found.photos.find((candidate) => !used.has(candidate.id)) : undefined;
      if (!photo) continue;
      used.add(photo.id);
      picked.set(scene.n, photo);
      break;
    }
  }
  return picked;
}
