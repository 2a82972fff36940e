import { FinalVideoStep } from '../features/final-video/FinalVideoStep.tsx';
import { SubtitlesPage } from '../features/subtitles/SubtitlesPage.tsx';

/** /subtitles: the captions editor with the final video as its last step; two features, so they meet here. */
export function SubtitlesStep() {
  return <SubtitlesPage finalVideo={FinalVideoStep} />;
}
