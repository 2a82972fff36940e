import { defaultFlow, flowNext, flowTypes, stepStates, videoFlows, videoTypeTiles, workflowSteps } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';

/** Every page of a flow in order, following Next from its first page. */
function walk(type: (typeof flowTypes)[number]): string[] {
  const flow = videoFlows[type];
  const paths = [flow.pages[0]!.path];
  for (let next = flowNext(flow, paths[0]!); next; next = flowNext(flow, next)) paths.push(next);
  return paths;
}

describe('video type flows', () => {
  it('walk every type from its first page to /subtitles, the bar never calling a skipped step done', () => {
    for (const type of flowTypes) {
      const flow = videoFlows[type];
      const paths = walk(type);
      expect(paths, type).toEqual(flow.pages.map((page) => page.path));
      expect(paths.at(-1), type).toBe('/subtitles');
      const seen = new Set<string>();
      for (const page of flow.pages) {
        const states = stepStates(flow, page.path);
        expect(states.map((s) => s.step), type).toEqual([...flow.steps]);
        expect(states.filter((s) => s.state === 'current').map((s) => s.step), `${type} ${page.path}`).toEqual([page.step]);
        for (const { step, state } of states) {
          if (state === 'done') expect(seen.has(step), `${type} ${page.path}: ${step} done unvisited`).toBe(true);
          if (state === 'skipped') expect(flow.pages.some((p) => p.step === step), `${type}: ${step}`).toBe(false);
        }
        // A page's heading names its step, or for the 'Video' step the tile that started the flow.
        expect(page.step === 'Video' ? page.title : page.title.split(':')[0], `${type} ${page.path}`).toBe(page.step === 'Video' ? flow.tile : page.step);
        seen.add(page.step);
      }
    }
  });

  it('show the skipped steps of the flows that have no page for them', () => {
    const states = (type: (typeof flowTypes)[number], path: string) => stepStates(videoFlows[type], path).map((s) => s.state);
    expect(states('custom-storyboard', '/BRolls')).toEqual(['done', 'done', 'current', 'todo', 'todo']);
    expect(states('add-brolls', '/BRolls')).toEqual(['skipped', 'skipped', 'current', 'todo', 'todo']);
    expect(states('image-to-video', '/background-music')).toEqual(['done', 'done', 'done', 'skipped', 'current', 'todo']);
    expect(states('scroll-stopper', '/subtitles')).toEqual(['done', 'done', 'done', 'skipped', 'done', 'current']);
    expect(videoFlows['add-brolls'].steps).toEqual(workflowSteps);
  });

  it('start from the dashboard tiles, which name the flows they start', () => {
    for (const tile of videoTypeTiles) {
      const type = defaultFlow(tile.path);
      expect(type, tile.title).not.toBeNull();
      expect(videoFlows[type!].tile).toBe(tile.title);
    }
    expect(defaultFlow('/brolls')).toBe('add-brolls');
    expect(defaultFlow('/smart-storyboard')).toBe('custom-storyboard');
  });
});
