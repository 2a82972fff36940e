import { autoBrollTimes, brollTexts, dashboardTexts, stockAutoBrollPageSize, type BrollSuggestion, type StockAddRequest, type StockPhoto, type StockSearchQuery, type StockSearchResponse, type UploadResponse } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { ownerOfKey, type FileUrlSigner } from '../../core/files/file-urls.ts';
import type { OwnSoundService } from '../../core/project/own-sound.ts';
import { currentOwnSound, ownVideoClip, type ProjectDocument, type TimedWord } from '../../core/project/project-document.ts';
import { keyOfSignedUrl } from '../../core/project/projects.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

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

/** Words said this close to a window still belong to it: a picture may come up just after its word is said. */
const nearSeconds = 2;

/**
 * Search words per window, best first: the words said in it (counting double) or near it, ties going to the word
 * said first, then the video's other keywords, so a window in a pause, or one whose words find no picture, still
 * gets one about what the video says.
 */
export function spokenKeywords(words: readonly TimedWord[], windows: readonly { start: number; end: number }[]): string[][] {
  const overall = scriptKeywords(words.map((word) => word.text).join(' '), 10);
  return windows.map((window) => {
    const tally = new Map<string, number>();
    for (const word of words) {
      if (word.end <= window.start - nearSeconds || word.start >= window.end + nearSeconds) continue;
      const inside = word.end > window.start && word.start < window.end;
      for (const keyword of scriptKeywords(word.text, 1)) tally.set(keyword, (tally.get(keyword) ?? 0) + (inside ? 2 : 1));
    }
    const near = [...tally.entries()].sort((x, y) => y[1] - x[1]).map(([keyword]) => keyword);
    return [...near, ...overall.filter((keyword) => !tally.has(keyword))];
  });
}

/** A script's keywords for each window, each window starting at the next one: the script's topics in turn. */
const scriptRotation = (keywords: string[], windows: number) =>
  Array.from({ length: windows }, (_, i) => [...keywords.slice(i % keywords.length), ...keywords.slice(0, i % keywords.length)]);

/** Distinct stock searches one suggestion may make: enough to get past words no picture matches, kind to rate limits. */
const maxSearches = 10;

/** The stock search auto B-roll picks from, and keeping a pick as the user's upload (the stock feature provides both). */
export interface StockPicker {
  search(query: StockSearchQuery): Promise<StockSearchResponse>;
  add(userId: string, request: StockAddRequest): Promise<UploadResponse>;
}

export interface AutoBrollDependencies {
  workflow: WorkflowProjects;
  stock: StockPicker;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  probeDuration(path: string): Promise<number>;
  /** Hears the user's own video when the project has no script (Add B-Rolls). */
  ownSound: Pick<OwnSoundService, 'measured' | 'heard'>;
}

/**
 * SPEC §9 auto B-roll (beta): five stock images matched to the script, timed across the video, kept as uploads.
 * A project with no script but the user's own video (Add B-Rolls) matches them to the words said in it instead.
 */
export function createAutoBroll(deps: AutoBrollDependencies) {
  async function durationOf(projectVideoKey: string | null, voiceoverSeconds: number | undefined): Promise<number | null> {
    if (voiceoverSeconds) return voiceoverSeconds;
    if (!projectVideoKey) return null;
    return deps.probeDuration(await deps.storage.localPath(projectVideoKey)).catch(() => null);
  }

  /**
   * The project as it will be once the overlays go on the video the page shows (SPEC §7 add-brolls makes it the
   * background); that video must be a signed link to one of the user's own videos.
   */
  async function withMainVideo(userId: string, doc: ProjectDocument, mainVideoUrl: string | undefined): Promise<ProjectDocument> {
    if (!mainVideoUrl) return doc;
    const key = keyOfSignedUrl(mainVideoUrl, deps.signer);
    const object = key && ownerOfKey(key) === userId ? await deps.storage.stat(key) : null;
    if (!key || !object?.contentType.startsWith('video/')) throw new UserFacingError(400, dashboardTexts.invalidVideoUrl);
    if (ownVideoClip(doc)?.key === key) return doc;
    const clip = { key, duration: await deps.probeDuration(await deps.storage.localPath(key)) };
    return { ...doc, background: { kind: 'clips', clips: [clip], fit: 'trim' } };
  }

  /**
   * One picture per window: its first search word with a picture not yet used, a word not yet shown coming before
   * one already shown (fewer words than windows: the same word again, with its next unused picture).
   */
  async function pictures(userId: string, times: { start: number; end: number }[], candidates: string[][]): Promise<BrollSuggestion[]> {
    const results = new Map<string, StockPhoto[]>();
    const used = new Set<number>();
    const shown = new Set<string>();
    const rows: BrollSuggestion[] = [];
    for (const [index, time] of times.entries()) {
      const ranked = [...(candidates[index] ?? [])].sort((a, b) => Number(shown.has(a)) - Number(shown.has(b)));
      for (const keyword of ranked) {
        if (!results.has(keyword)) {
          if (results.size >= maxSearches) continue;
          const found = await deps.stock.search({ q: keyword, page: 1, per_page: stockAutoBrollPageSize, orientation: 'portrait', type: 'image' }).catch(() => null);
          results.set(keyword, found && 'photos' in found ? found.photos : []);
        }
        const photo = results.get(keyword)!.find((candidate) => !used.has(candidate.id));
        if (!photo) continue;
        used.add(photo.id);
        shown.add(keyword);
        const upload = await deps.stock.add(userId, { type: 'image', url: photo.src.portrait, purpose: 'broll-image' }).catch(() => null);
        if (upload) rows.push({ image_url: upload.url, upload_id: upload.id, start: time.start, end: time.end });
        break;
      }
    }
    return rows;
  }

  return {
    async suggest(userId: string, videoId?: string, mainVideoUrl?: string): Promise<{ rows: BrollSuggestion[] }> {
      const project = await deps.workflow.resolve(userId, videoId);
      const scripted = scriptKeywords(project.script ?? '');
      const doc = scripted.length > 0 ? deps.workflow.document(project) : await withMainVideo(userId, deps.workflow.document(project), mainVideoUrl?.trim());
      let times: { start: number; end: number }[];
      let candidates: string[][];
      if (scripted.length > 0 || !ownVideoClip(doc)) {
        if (scripted.length === 0) throw new UserFacingError(400, brollTexts.needsScript);
        const firstClip = doc.background?.kind === 'clips' ? doc.background.clips[0]?.key : undefined;
        times = autoBrollTimes(await durationOf(project.sourceVideoKey ?? firstClip ?? null, doc.voiceover?.duration));
        candidates = scriptRotation(scripted, times.length);
      } else {
        const sound = await deps.ownSound.measured(doc);
        if (!sound?.hasAudio) throw new UserFacingError(400, brollTexts.noSpeechHeard);
        const heard = await deps.ownSound.heard(userId, doc);
        // Kept for the subtitles step, which would otherwise listen to the same video again.
        if (!currentOwnSound(doc)?.words) await deps.workflow.save(project, { ownSound: heard });
        times = autoBrollTimes(heard.duration);
        candidates = spokenKeywords(heard.words, times);
        if (candidates.every((list) => list.length === 0)) throw new UserFacingError(400, brollTexts.noSpeechHeard);
      }
      const rows = await pictures(userId, times, candidates);
      if (rows.length === 0) throw new UserFacingError(404, scripted.length > 0 ? brollTexts.noStockImages : brollTexts.noStockImagesSpoken);
      return { rows };
    },
  };
}

export type AutoBroll = ReturnType<typeof createAutoBroll>;
