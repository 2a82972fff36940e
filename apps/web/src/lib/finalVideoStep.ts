import type { SubtitleFontSize, SubtitlePosition, SubtitleStyleName, WordsPerChunk } from '@reelsmith/contracts';
import type { ComponentType, ReactNode } from 'react';

/** A project as the subtitles and final-video steps name it: the user's latest when `videoId` is absent. */
export interface ProjectRef {
  userId: string;
  videoId?: string;
}

/** The captions a final video is made with, as the subtitles editor has them when Final Video is pressed. */
export interface FinalVideoCaptions {
  position: SubtitlePosition;
  fontSize: SubtitleFontSize;
  wordsPerChunk: WordsPerChunk;
  style: SubtitleStyleName;
  srt: string;
}

export interface FinalVideoStepProps {
  project: ProjectRef;
  /** Whether the project's video shows its subtitles so far (the Add subtitles switch starts there). */
  subtitlesEnabled: boolean;
  /** Draws the subtitles editor; `section` is the final step's part of it, reading the captions when it starts. */
  children(section: (captions: () => FinalVideoCaptions) => ReactNode): ReactNode;
}

/**
 * The last step of /subtitles, made by features/final-video and handed to features/subtitles by the router, since a
 * feature never imports another.
 */
export type FinalVideoStep = ComponentType<FinalVideoStepProps>;
