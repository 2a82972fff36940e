import type { IdeaGoal, IdeaTone, TargetAudience } from '@reelsmith/contracts';
import type { Domain } from './domains.ts';

/** Who the video speaks to. `situation` reads both as a sentence opener and after the person it describes. */
export interface Audience {
  plural: string;
  singular: string;
  situation: string;
  /** What they look for, as a noun phrase. */
  want: string;
  /** What they fear losing, as a gerund phrase ("you're …"). */
  worry: string;
  /** When the good outcome matters most to them. */
  moment: string;
}

export const audiences: Record<TargetAudience, Audience> = {
  Teenagers: {
    plural: 'teens',
    singular: 'teen',
    situation: 'between school, friends and everything else',
    want: 'something actually worth posting about',
    worry: 'spending your pocket money on something that turns out cringe',
    moment: 'right after the last bell',
  },
  'College Students': {
    plural: 'college students',
    singular: 'college student',
    situation: 'between lectures, deadlines and a tight budget',
    want: "good value that doesn't feel cheap",
    worry: "blowing the week's budget on one bad choice",
    moment: 'even in the middle of exam week',
  },
  'Young Adults': {
    plural: 'young adults',
    singular: 'young adult',
    situation: 'in the middle of building a whole new life',
    want: 'things that fit the life they are building',
    worry: 'paying for hype instead of quality',
    moment: 'on your own terms',
  },
  'Working Professionals': {
    plural: 'working professionals',
    singular: 'working professional',
    situation: 'between back-to-back meetings',
    want: 'quality they can count on without thinking twice',
    worry: "losing precious time to something that doesn't deliver",
    moment: 'even on the busiest Monday',
  },
  'Business Owners': {
    plural: 'business owners',
    singular: 'business owner',
    situation: 'juggling every role in the business',
    want: 'a clear return on every dollar and every hour',
    worry: "spending money that doesn't pay for itself",
    moment: 'even in your busiest season',
  },
  Parents: {
    plural: 'parents',
    singular: 'parent',
    situation: 'between school runs and a packed family calendar',
    want: 'something the whole family is happy with',
    worry: "wasting money and patience on something the kids won't love",
    moment: 'even on the most chaotic school morning',
  },
  'Senior Citizens': {
    plural: 'seniors',
    singular: 'senior',
    situation: 'at a time of life when good service matters more than ever',
    want: 'friendly, trustworthy service without the hassle',
    worry: 'being rushed or confused by complicated options',
    moment: 'at your own pace',
  },
};

/** The words a line may use; every template below reads only these. */
export interface VoiceContext {
  name: string;
  offering: string;
  audience: Audience;
  domain: Domain;
  frustration: string;
  outcome: string;
  /** Picks the verb form that agrees with the offering: "cold brew is", "HIIT classes are". */
  agree(singular: string, plural: string): string;
}

type Line = (c: VoiceContext) => string;

export interface Goal {
  /** What every beat works towards, for the Goal line of a prompt. */
  aim: Line;
  /** The call to action the video ends on. */
  cta: Line;
  /** Structures that serve this goal best, strongest first (ids of ideas.ts frameworks). */
  frameworks: string[];
}

export function fill(template: string, c: { name: string; offering: string }): string {
  return template.replaceAll('{name}', c.name).replaceAll('{offering}', c.offering);
}

export const goals: Record<IdeaGoal, Goal> = {
  'Build Awareness': {
    aim: (c) => `make people remember ${c.name} and want to follow along`,
    cta: (c) => `Follow ${c.name} and tag a friend who needs to see this.`,
    frameworks: ['bts', 'story', 'pov', 'aida', 'hpspc', 'myth'],
  },
  'Educate Customers': {
    aim: (c) => `teach one useful thing so ${c.name} becomes the go-to expert`,
    cta: (c) => `Save this for later, and follow ${c.name} for more tips on ${c.offering}.`,
    frameworks: ['myth', 'listicle', 'faq', 'hpspc', 'bab', 'bts'],
  },
  'Drive Sales': {
    aim: () => 'turn interest into a purchase today',
    cta: (c) => `${fill(c.domain.buy, c)} — link in bio.`,
    frameworks: ['pas', 'aida', 'bab', 'hpspc', 'story', 'faq'],
  },
  'Generate Leads': {
    aim: (c) => `get viewers to take the free first step: ${lowerFirst(fill(c.domain.leadOffer, c))}`,
    cta: (c) => `${fill(c.domain.leadOffer, c)} — link in bio.`,
    frameworks: ['hpspc', 'pas', 'faq', 'listicle', 'story', 'bab'],
  },
  'Increase Repeat Sales': {
    aim: (c) => `bring existing ${c.domain.customers} back for more`,
    cta: (c) => `Already a fan of ${c.name}? Come back this week for ${c.offering} — rebook or reorder in two taps.`,
    frameworks: ['listicle', 'story', 'pov', 'bts', 'aida', 'faq'],
  },
  'Promote an Event or Offer': {
    aim: () => 'fill every spot before the offer ends',
    cta: (c) => `Grab the ${c.name} ${c.offering} offer before it ends — details in bio.`,
    frameworks: ['aida', 'pas', 'pov', 'listicle', 'bts', 'bab'],
  },
};

export interface Tone {
  direction: string;
  hooks: Line[];
  /** Short lines in the tone that a longer script may use between beats. */
  fillers: string[];
}

export const tones: Record<IdeaTone, Tone> = {
  'Fun & Quirky': {
    direction: 'playful wordplay, one visual gag, upbeat music and quick cuts; cheeky, never mean',
    hooks: [
      (c) => `Warning: ${c.offering} from ${c.name} may cause spontaneous happy dances.`,
      (c) => `Nobody: … Absolutely nobody: … ${c.name}: making ${c.offering} way more fun than it needs to be.`,
      (c) => `Okay ${c.audience.plural}, gather round — this one's for you.`,
    ],
    fillers: ['Yes, really. We checked. Twice.', 'Your future self is already doing a little happy dance.'],
  },
  'Edgy / Bold': {
    direction: 'short punchy lines, strong claims you can back up, straight to camera, hard cuts',
    hooks: [
      (c) => `Stop scrolling. You deserve better than ${c.frustration}.`,
      (c) => `Hot take: most places get ${c.offering} wrong.`,
      (c) => `Let's be blunt: ${c.audience.plural} are done with ${c.frustration}.`,
    ],
    fillers: ['No gimmicks. No excuses.', 'Good enough is not good enough.'],
  },
  Relatable: {
    direction: 'talk like a friend, everyday moments the viewer recognises, a knowing wink',
    hooks: [
      (c) => `Who else is tired of ${c.frustration}?`,
      (c) => `Be honest: how many times this month have you ended up ${c.frustration}?`,
      () => `If you've ever said "I'll sort it out next week", this one's for you.`,
    ],
    fillers: ["Honestly? We've all been there.", 'You know exactly what we mean.'],
  },
  Professional: {
    direction: 'calm, confident and clear; concrete benefits, no slang, clean visuals',
    hooks: [
      (c) => `${upperFirst(c.audience.plural)}: here is how ${c.name} makes ${c.offering} simple.`,
      (c) => `Looking for ${c.offering} you can rely on? Here's what sets ${c.name} apart.`,
      (c) => `What ${c.audience.plural} should expect from ${c.offering} — and how ${c.name} delivers.`,
    ],
    fillers: ['Simple, reliable and done properly.', 'Clear steps, no surprises.'],
  },
  Informative: {
    direction: 'teach one thing clearly, key facts as on-screen text, a steady pace',
    hooks: [
      (c) => `Here's something most people don't know about ${c.offering}.`,
      (c) => `Quick lesson: what actually makes ${c.offering} good.`,
      (c) => `In the next 30 seconds, learn how to get more from ${c.offering}.`,
    ],
    fillers: ['Now you know what to look for.', 'Worth remembering next time you choose.'],
  },
  Inspirational: {
    direction: 'warm and hopeful, focused on the change for the viewer, uplifting music',
    hooks: [
      (c) => `What if ${c.outcome} was closer than you think?`,
      () => 'Every big change starts with one small decision.',
      (c) => `You deserve ${c.outcome}. Here's where it starts.`,
    ],
    fillers: ['Small steps lead to big changes.', 'Today is a good day to start.'],
  },
};

/** A rough English plural test for an offering's last word: "check-ups" and "classes" are, "glass" and "fitness" are not. */
export function isPlural(noun: string): boolean {
  const last = noun.trim().split(/\s+/).pop()?.toLowerCase() ?? '';
  return /[^su]s$/.test(last) && !/(ss|ness|ics)$/.test(last);
}

export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases the first letter of ordinary words but leaves acronyms and brand capitals ("SaaS", "IT") alone. */
export function lowerFirst(text: string): string {
  const second = text.charAt(1);
  return second && second === second.toLowerCase() ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

export function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
