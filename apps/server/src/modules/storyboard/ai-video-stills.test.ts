import type { StockPhoto, StockSearchQuery } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { pickStills, stillQueries, type StockStills } from './ai-video-stills.ts';

const photo = (id: number): StockPhoto => ({ id, width: 1080, height: 1920, alt: `photo ${id}`, photographer: 'library', src: { original: '', large2x: '', large: '', portrait: `p${id}` } });

/** A library where each photo answers the queries holding one of its words, ranked by how many it holds. */
function library(photos: Record<number, string[]>): StockStills & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async search(query: StockSearchQuery) {
      asked.push(query.q);
      const words = query.q.split(' ');
      const hits = Object.entries(photos)
        .map(([id, tags]) => ({ id: Number(id), score: tags.filter((tag) => words.includes(tag)).length }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score);
      return { page: 1, per_page: 15, total_results: hits.length, attribution: null, photos: hits.map((hit) => photo(hit.id)) };
    },
    add: () => Promise.reject(new Error('not used')),
  };
}

describe('stock stills for the scenes of Create AI Video', () => {
  it('prefers a picture of what the scene shows in the business’s category over one of the words alone', async () => {
    const stock = library({ 1: ['hands', 'workshop', 'tools'], 2: ['hands', 'serum', 'skincare'], 3: ['skincare', 'shelf'] });
    const picked = await pickStills(stock, [{ n: 1, text: 'Hands at work in close-up detail' }], stillQueries('Small-batch skincare shop'));
    expect(picked.get(1)?.id).toBe(2);
    expect(stock.asked[0]).toBe('hands work close-up small-batch skincare shop');
  });

  it('uses no picture twice: a scene nothing else fits is left for its title card', async () => {
    const stock = library({ 1: ['chair', 'salon'], 2: ['skincare', 'shelf'] });
    const scenes = [
      { n: 1, text: 'A relaxed client in the chair' },
      { n: 2, text: 'A relaxed client in the chair, smiling' },
      { n: 3, text: 'Products lined up' },
    ];
    const picked = await pickStills(stock, scenes, stillQueries('skincare'));
    expect([...picked.entries()].map(([n, p]) => [n, p.id])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});
