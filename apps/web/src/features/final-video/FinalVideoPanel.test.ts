import { finalVideoTexts } from '@reelsmith/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { FinalVideoCostNote } from './FinalVideoPanel.tsx';

const note = (cost: Parameters<typeof FinalVideoCostNote>[0]['cost']) => renderToStaticMarkup(createElement(FinalVideoCostNote, { id: 'cost', cost }));

describe('the Final Video texts', () => {
  it('say before the click whether the render uses a credit', () => {
    expect(note({ uses_credit: true, new_voiceover: false, videos_left: 1, renders_at_once: 1 })).toContain('This render uses 1 video credit (1 credit left).');
    expect(note({ uses_credit: true, new_voiceover: true, videos_left: 4, renders_at_once: 2 })).toContain(
      'The voiceover changed since the last final video, so this makes a new video: it uses 1 video credit (4 credits left).',
    );
    expect(note({ uses_credit: false, new_voiceover: false, videos_left: 0, renders_at_once: 1 })).toContain('Re-rendering is free while the voiceover stays the same');
    expect(note(undefined)).toBe('');
  });

  it('say why a started render waits', () => {
    const progress = (waiting: string | null) =>
      renderToStaticMarkup(createElement(RenderProgress, { title: 'Generating', notice: 'A few minutes', progressLabel: 'Final video progress', percent: 0, waiting }));
    expect(progress(finalVideoTexts.waitingForTurn(1))).toContain('Waiting for your other video to finish: your plan makes one video at a time.');
    expect(progress(finalVideoTexts.waitingForTurn(3))).toContain('Waiting for your other videos to finish: your plan makes 3 videos at a time.');
    expect(progress(null)).not.toContain('Waiting');
  });
});
