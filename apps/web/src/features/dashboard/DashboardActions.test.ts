import { quotaMessages, type SubscriptionResponse } from '@reelsmith/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardActions } from './DashboardActions.tsx';

const freePlan: SubscriptionResponse = {
  plan_name: 'Free Plan',
  plan_id: 'free',
  status: 'active',
  videos_used: 0,
  videos_allowed: 3,
  ai_videos_used: 0,
  ai_videos_allowed: 1,
  ideas_generated: 0,
  ideas_allowed: 10,
  end_date: '2026-11-21T10:00:00.000Z',
  cancel_at_period_end: false,
  scheduled_change: null,
  pending_upgrade: null,
  logo: null,
  trial_pack_taken: null,
  voice_id: null,
  ai_motion_templates: true,
};

function render(plan: SubscriptionResponse | undefined) {
  const html = renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(DashboardActions, { plan, onCreateVideo: () => undefined })),
  );
  const button = (name: string) => new RegExp(`<button[^>]*>${name}</button>`).exec(html)?.[0] ?? '';
  return { html, createVideo: button('Create Video'), generateIdeas: button('Generate Ideas') };
}

describe('dashboard actions at the quota (SPEC §4 dashboard limits)', () => {
  it('leaves both enabled below the allowances, and while the plan is loading', () => {
    for (const plan of [freePlan, { ...freePlan, videos_used: 2, ideas_generated: 9 }, undefined]) {
      const { html, createVideo, generateIdeas } = render(plan);
      expect(createVideo).not.toContain('disabled=""');
      expect(generateIdeas).not.toContain('disabled=""');
      expect(html).not.toContain(quotaMessages.videos);
      expect(html).not.toContain(quotaMessages.ideas);
    }
  });

  it('leaves Signout to the header, which every signed-in page has: one way out on the dashboard', () => {
    expect(render(freePlan).html).not.toContain('Signout');
  });

  it('disables Create Video at the video allowance and says why', () => {
    const { html, createVideo, generateIdeas } = render({ ...freePlan, videos_used: 3 });
    expect(createVideo).toContain('disabled=""');
    expect(createVideo).toContain('aria-describedby="videos-quota"');
    expect(html).toContain(`id="videos-quota"`);
    expect(html).toContain(quotaMessages.videos.replace("'", '&#x27;'));
    expect(generateIdeas).not.toContain('disabled=""');
  });

  it('disables Generate Ideas at the ideas allowance and says why', () => {
    const { html, createVideo, generateIdeas } = render({ ...freePlan, ideas_generated: 10 });
    expect(generateIdeas).toContain('disabled=""');
    expect(generateIdeas).toContain('aria-describedby="ideas-quota"');
    expect(html).toContain(quotaMessages.ideas.replace("'", '&#x27;'));
    expect(createVideo).not.toContain('disabled=""');
  });
});
