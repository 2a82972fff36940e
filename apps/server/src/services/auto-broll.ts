import { autoBrollTimes, brollTexts, stockAutoBrollPageSize, type BrollSuggestion, type StockPhoto } from '@reelsmith/contracts';
import { UserFacingError } from '../errors.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';
import type { StockService } from './stock.ts';
import type { WorkflowProjects } from './workflow-projects.ts';

const stopwords = new Set(
  `a about above after again all also am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further get got had has have having he her here hers him his how i
  if in into is it its just like make me more most my no nor not now of off on once only or other our ours out over own
  same she should so some such than that the their theirs them then there these they this those through to too under
  until up very was we were what when where which while who whom why will with would you your yours let lets every today
  come visit try new best great really thing things way want need one two three day time us get make know see look`.split(/\s+/),
);

/**
 * The words a stock search can show, most frequent first: lower-cased words of four letters or more that are not
 * function words (a plain frequency count: nouns and topic words dominate what remains of a short ad script).
 */
export function scriptKeywords(script: string, count = 5): string[] {
  const tally = new Map<string, number>();
  for (const word of script.toLowerCase().match(/[a-z][a-z'-]+/g) ?? []) {
    const clean = word.replace(/'s$/, '').replace(/^-+|-+$/g, '');
    if (clean.length < 4 || stopwords.has(clean)) continue;
    tally.set(clean, (tally.get(clean) ?? 0) + 1);
  }
  // Ties keep the script's order: earlier words set the topic.
  return [...tally.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([word]) => word);
}

export interface AutoBrollDependencies {
  workflow: WorkflowProjects;
  stock: StockService;
  storage: ObjectStorage;
  probeDuration(path: string): Promise<number>;
}

/** SPEC §9 auto B-roll (beta): five stock images matched to the script, timed across the video, kept as uploads. */
export function createAutoBroll(deps: AutoBrollDependencies) {
  async function durationOf(projectVideoKey: string | null, voiceoverSeconds: number | undefined): Promise<number | null> {
    if (voiceoverSeconds) return voiceoverSeconds;
    if (!projectVideoKey) return null;
    return deps.probeDuration(await deps.storage.localPath(projectVideoKey)).catch(() => null);
  }

  return {
    async suggest(userId: string, videoId?: string): Promise<{ rows: BrollSuggestion[] }> {
      const project = await deps.workflow.resolve(userId, videoId);
      const keywords = scriptKeywords(project.script ?? '');
      if (keywords.length === 0) throw new UserFacingError(400, brollTexts.needsScript);
      const doc = deps.workflow.document(project);
      const firstClip = doc.background?.kind === 'clips' ? doc.background.clips[0]?.key : undefined;
      const times = autoBrollTimes(await durationOf(project.sourceVideoKey ?? firstClip ?? null, doc.voiceover?.duration));

      const results = new Map<string, StockPhoto[]>();
      const used = new Set<number>();
      const rows: BrollSuggestion[] = [];
      for (const [index, time] of times.entries()) {
        // Fewer keywords than windows: the same word again, with its next unused picture.
        const keyword = keywords[index % keywords.length]!;
        if (!results.has(keyword)) {
          const found = await deps.stock.search({ q: keyword, page: 1, per_page: stockAutoBrollPageSize, orientation: 'portrait', type: 'image' }).catch(() => null);
          results.set(keyword, found && 'photos' in found ? found.photos : []);
        }
        const photo = results.get(keyword)!.find((candidate) => !used.has(candidate.id));
        if (!photo) continue;
        used.add(photo.id);
        const upload = await deps.stock.add(userId, { type: 'image', url: photo.src.portrait, purpose: 'broll-image' }).catch(() => null);
        if (upload) rows.push({ image_url: upload.url, upload_id: upload.id, start: time.start, end: time.end });
      }
      if (rows.length === 0) throw new UserFacingError(404, brollTexts.noStockImages);
      return { rows };
    },
  };
}

export type AutoBroll = ReturnType<typeof createAutoBroll>;
