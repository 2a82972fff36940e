import { transitionNames } from '@reelsmith/media';
import type { BrandRecord } from '../../db/repositories/brands.ts';
import type { ProjectDocument } from '../project/project-document-schema.ts';
import { brandLookOf } from './brand-look.ts';
import { brandFieldsOf } from './brand-fields.ts';

/** The sample caption of the preview: three words on screen, the middle one being spoken at `brandFrameAt`. */
const sampleWords = [
  { text: 'Your', start: 0, end: 0.3 },
  { text: 'next', start: 0.3, end: 0.45 },
  { text: 'customer', start: 0.45, end: 1 },
];
/** When the preview frame is taken: 'customer' is being said, so an animated style shows its emphasis. */
export const brandFrameAt = 0.6;

/**
 * A one-second project in the brand's look, over a library still: rendered through the same composition as a final
 * video (toStoredComposition), its frame shows the caption, its emphasis colour and the logo exactly as videos will.
 */
export function brandFrameDocument(record: BrandRecord, stillKey: string): ProjectDocument {
  const fields = brandFieldsOf(record);
  const look = brandLookOf(record, { logoEnabled: true, endCardEnabled: false });
  return {
    background: { kind: 'scenes', transition: transitionNames[0], scenes: [{ imageKey: stillKey, duration: 1, zoom: false }] },
    subtitles: { enabled: true, cues: [{ start: 0, end: 1, words: sampleWords }], style: fields.caption_style, position: 'bottom', fontSize: 'medium', wordsPerChunk: 3 },
    logoKey: look.logo ? record.logoKey : null,
    brandLook: look,
  };
}
