import { finalVideoTexts } from '@reelsmith/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { EndCardSwitch, FinalVideoCostNote, LogoSwitch } from './FinalVideoPanel.tsx';

const note = (cost: Parameters<typeof FinalVideoCostNote>[0]['cost']) => renderToStaticMarkup(createElement(FinalVideoCostNote, { id: 'cost', cost }));

describe('the Final Video texts', () => {
  it('say before the click whether the render uses a credit', () => {
    expect(note({ uses_credit: true, new_voiceover: false, videos_left: 1, renders_at_once: 1, has_logo: false })).toContain('This render uses 1 video credit (1 credit left).');
    expect(note({ uses_credit: true, new_voiceover: true, videos_left: 4, renders_at_once: 2, has_logo: true })).toContain(
      'The voiceover changed since the last final video, so this makes a new video: it uses 1 video credit (4 credits left).',
    );
    expect(note({ uses_credit: false, new_voiceover: false, videos_left: 0, renders_at_once: 1, has_logo: false })).toContain('Re-rendering is free while the voiceover stays the same');
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

describe('the logo switch', () => {
  const render = (hasLogo: boolean | undefined) =>
    renderToStaticMarkup(createElement(MemoryRouter, null, createElement(LogoSwitch, { checked: true, hasLogo, onChange: () => undefined })));

  it('is on, with its hint, when the user has a logo or while that is not known yet', () => {
    for (const hasLogo of [true, undefined]) {
      const html = render(hasLogo);
      expect(html).toContain('checked=""');
      expect(html).not.toContain('disabled=""');
      expect(html).toContain(finalVideoTexts.logoHint);
    }
  });

  it('is off and disabled without a logo, and leads to the dashboard to add one', () => {
    const html = render(false);
    expect(html).not.toContain('checked=""');
    expect(html).toContain('disabled=""');
    expect(html).toContain(finalVideoTexts.noLogoHint);
    expect(html).toContain('href="/dashboard"');
  });
});

describe('the end card switch', () => {
  const render = (text: string | undefined, checked = true) =>
    renderToStaticMarkup(createElement(EndCardSwitch, { checked, text, brandName: 'Harbour Bakery', onChange: () => undefined }));

  it('shows the line the video ends with, checked by default', () => {
    const html = render('Order fresh bread today');
    expect(html).toContain('End card');
    expect(html).toContain('Ends with: Order fresh bread today');
    expect(html).toContain('checked=""');
  });

  it('is not there when the brand has no end card line', () => {
    expect(render(undefined)).toBe('');
    expect(render('  ')).toBe('');
  });
});
