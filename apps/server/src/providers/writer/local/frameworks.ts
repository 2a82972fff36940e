import type { IdeaTone } from '@reelsmith/contracts';
import type { VoiceContext } from './voice.ts';
import { upperFirst } from './voice.ts';

/** One idea's words: the shared voice plus what this idea picked (its hook, proof and shots). */
export interface IdeaContext extends VoiceContext {
  hook: string;
  /** A second problem, so a beat after a hook that named the first one does not repeat it. */
  otherFrustration: string;
  cta: string;
  proof: string;
  visuals: readonly string[];
}

/**
 * A beat of the video: its label and its text. Spoken beats are written as lines a voiceover can say; `direction`
 * beats tell the person filming what to show, and the script writer leaves them out.
 */
export interface Beat {
  label: string;
  text: string;
  direction?: boolean;
}

/** A short-video structure used by real creators; each idea of a batch uses a different one. */
export interface Framework {
  id: string;
  structure: string;
  seconds: number;
  titles: Record<IdeaTone, (c: IdeaContext) => string>;
  beats(c: IdeaContext, tone: IdeaTone): Beat[];
}

const cap = upperFirst;

const listicleKinds: Record<IdeaTone, 'signs' | 'reasons' | 'checks' | 'changes'> = {
  'Fun & Quirky': 'signs',
  'Edgy / Bold': 'signs',
  Relatable: 'signs',
  Professional: 'reasons',
  Informative: 'checks',
  Inspirational: 'changes',
};

function listiclePoints(c: IdeaContext, tone: IdeaTone): string[] {
  switch (listicleKinds[tone]) {
    case 'signs':
      return [`You keep ${c.frustration}.`, `You're ${c.audience.worry}.`, `You still haven't tried ${c.offering} from ${c.name}.`];
    case 'reasons':
      return [`No more ${c.frustration}.`, `${cap(c.offering)} at ${c.name} ${c.agree('means', 'mean')} ${c.outcome}.`, `Proof you can see, like ${c.proof}.`];
    case 'checks':
      return [`Does it save you from ${c.frustration}?`, `Will it give you ${c.outcome}?`, `Can you see proof, like ${c.proof}? ${c.name} ticks all three.`];
    case 'changes':
      return [`Stop ${c.frustration}.`, `Make room for ${c.outcome}.`, `Start with ${c.offering} from ${c.name}.`];
  }
}

export const frameworks: Framework[] = [
  {
    id: 'hpspc',
    structure: 'hook, problem, solution, proof, call to action',
    seconds: 30,
    titles: {
      'Fun & Quirky': (c) => `${cap(c.offering)} to the rescue (again)`,
      'Edgy / Bold': (c) => `Stop settling. Start with ${c.offering}`,
      Relatable: (c) => `The ${c.offering} fix every ${c.audience.singular} needs`,
      Professional: (c) => `How ${c.name} solves a familiar problem with ${c.offering}`,
      Informative: (c) => `The problem ${c.offering} actually ${c.agree('solves', 'solve')}`,
      Inspirational: (c) => `From stuck to sorted with ${c.offering}`,
    },
    beats: (c) => [
      { label: 'Hook', text: `"${c.hook}"` },
      { label: 'Problem', text: `${cap(c.audience.situation)}, too many ${c.audience.plural} end up ${c.otherFrustration}.` },
      { label: 'Solution', text: `With ${c.offering} from ${c.name}, you get ${c.outcome}.` },
      { label: 'Proof', text: `Show ${c.proof}.`, direction: true },
      { label: 'Call to action', text: c.cta },
    ],
  },
  {
    id: 'aida',
    structure: 'AIDA (attention, interest, desire, action)',
    seconds: 30,
    titles: {
      'Fun & Quirky': (c) => `The ${c.offering} glow-up nobody saw coming`,
      'Edgy / Bold': (c) => `${cap(c.offering)} like you've never seen ${c.agree('it', 'them')}`,
      Relatable: (c) => `Tell me you need ${c.offering} without telling me`,
      Professional: (c) => `Why ${c.audience.plural} choose ${c.name} for ${c.offering}`,
      Informative: (c) => `${cap(c.offering)}, explained in 30 seconds`,
      Inspirational: (c) => `Made with care: ${c.offering} by ${c.name}`,
    },
    beats: (c) => [
      { label: 'Attention', text: `Open on ${c.visuals[0]}: "${c.hook}"` },
      { label: 'Interest', text: `${cap(c.offering)} at ${c.name} ${c.agree('is', 'are')} built around what ${c.audience.plural} actually want: ${c.audience.want}.` },
      { label: 'Desire', text: `Picture ${c.outcome}, ${c.audience.moment}.` },
      { label: 'Action', text: c.cta },
    ],
  },
  {
    id: 'pas',
    structure: 'PAS (problem, agitate, solution)',
    seconds: 30,
    titles: {
      'Fun & Quirky': (c) => `Tiny problem, big drama: a ${c.offering} story`,
      'Edgy / Bold': (c) => `Nobody talks about this ${c.offering} problem`,
      Relatable: (c) => `POV: you're done settling (${c.offering} edition)`,
      Professional: (c) => `The hidden cost of putting off ${c.offering}`,
      Informative: (c) => `What goes wrong without the right ${c.offering}`,
      Inspirational: (c) => `You deserve better, and ${c.offering} proves it`,
    },
    beats: (c) => [
      { label: 'Problem', text: `Tired of ${c.frustration}?` },
      { label: 'Agitate', text: `${cap(c.audience.situation)}, every time it happens you risk ${c.audience.worry}.` },
      { label: 'Solution', text: `${c.name} fixes that with ${c.offering}: ${c.outcome}, every time.` },
      { label: 'Call to action', text: c.cta },
    ],
  },
  {
    id: 'bab',
    structure: 'before, after, bridge',
    seconds: 30,
    titles: {
      'Fun & Quirky': (c) => `Before ${c.name} vs after ${c.name}`,
      'Edgy / Bold': (c) => `Before and after: no filter, just ${c.offering}`,
      Relatable: (c) => `Me before ${c.offering} vs me after`,
      Professional: (c) => `Before and after: ${c.offering} by ${c.name}`,
      Informative: (c) => `What really changes after ${c.offering}`,
      Inspirational: () => 'Before, after, and the moment in between',
    },
    beats: (c) => [
      { label: 'Before', text: `Life before ${c.name}: ${c.frustration}.` },
      { label: 'After', text: `Life after: ${c.outcome}.` },
      { label: 'Bridge', text: `The difference? ${cap(c.offering)} from ${c.name}, made for ${c.audience.plural}.` },
      { label: 'Proof', text: `Show ${c.proof}, split screen.`, direction: true },
      { label: 'Call to action', text: c.cta },
    ],
  },
  {
    id: 'listicle',
    structure: 'numbered list: hook, three points, payoff',
    seconds: 45,
    titles: {
      'Fun & Quirky': (c) => `3 signs you're overdue for ${c.offering}`,
      'Edgy / Bold': (c) => `3 signs your ${c.offering} ${c.agree("isn't", "aren't")} cutting it`,
      Relatable: (c) => `3 signs you need ${c.offering} (number 2 is too real)`,
      Professional: (c) => `3 reasons ${c.audience.plural} choose ${c.name}`,
      Informative: (c) => `3 things to check before you choose ${c.offering}`,
      Inspirational: (c) => `3 small changes that start with ${c.offering}`,
    },
    beats: (c, tone) => {
      const [one, two, three] = listiclePoints(c, tone);
      return [
        { label: 'Hook', text: `"${frameworks.find((f) => f.id === 'listicle')!.titles[tone](c)}."` },
        { label: 'Point 1', text: one! },
        { label: 'Point 2', text: two! },
        { label: 'Point 3', text: three! },
        { label: 'Format', text: 'Put each number on screen as bold text.', direction: true },
        { label: 'Payoff', text: c.cta },
      ];
    },
  },
  {
    id: 'myth',
    structure: 'myth vs fact',
    seconds: 30,
    titles: {
      'Fun & Quirky': (c) => `Myth or fact? The ${c.offering} edition`,
      'Edgy / Bold': (c) => `The biggest lie about ${c.offering}`,
      Relatable: (c) => `I used to believe this about ${c.offering} too`,
      Professional: (c) => `A common misconception about ${c.offering}, answered`,
      Informative: (c) => `Myth vs fact: ${c.offering}`,
      Inspirational: (c) => `The myth that keeps people from trying ${c.offering}`,
    },
    beats: (c) => [
      { label: 'Myth', text: `There's no time for ${c.offering} ${c.audience.situation}.` },
      { label: 'Fact', text: `${c.name} makes ${c.offering} fit real life, so you get ${c.outcome}.` },
      { label: 'Proof', text: `Show ${c.proof} as the evidence.`, direction: true },
      { label: 'Call to action', text: c.cta },
    ],
  },
  {
    id: 'bts',
    structure: 'behind the scenes',
    seconds: 30,
    titles: {
      'Fun & Quirky': (c) => `Behind the scenes at ${c.name} (chaos included)`,
      'Edgy / Bold': (c) => `No filter: how ${c.name} really does ${c.offering}`,
      Relatable: (c) => `A day in the life at ${c.name}`,
      Professional: (c) => `Inside ${c.name}: how we deliver ${c.offering}`,
      Informative: (c) => `How ${c.offering} is done right, step by step`,
      Inspirational: (c) => `The people behind ${c.name}`,
    },
    beats: (c) => [
      { label: 'Hook', text: `"${c.hook}"` },
      { label: 'Behind the scenes', text: `Here's what really goes into ${c.offering} at ${c.name}.` },
      { label: 'Shots', text: `Three quick shots: ${c.visuals[2]}, ${c.visuals[3]}, ${c.visuals[4]}.`, direction: true },
      { label: 'Why it matters', text: `All of it so ${c.audience.plural} get ${c.outcome}.` },
      { label: 'Call to action', text: c.cta },
    ],
  },
  {
    id: 'story',
    structure: 'customer story (testimonial)',
    seconds: 30,
    titles: {
      'Fun & Quirky': (c) => `Our ${c.domain.customers} said it, not us`,
      'Edgy / Bold': () => "Don't take our word for it",
      Relatable: () => 'This review made our whole week',
      Professional: (c) => `${cap(c.domain.customer)} story: ${c.offering} at ${c.name}`,
      Informative: (c) => `A real result, start to finish: ${c.offering}`,
      Inspirational: (c) => `One ${c.domain.customer}'s turning point`,
    },
    beats: (c) => [
      { label: 'Hook', text: `Open with the result, in the ${c.domain.customer}'s own words: "Honestly? ${cap(c.outcome)}. That's what ${c.name} gave me."` },
      { label: 'Situation', text: `They were a ${c.audience.singular} ${c.audience.situation}, tired of ${c.frustration}.` },
      { label: 'Turning point', text: `Then they tried ${c.offering} at ${c.name}.` },
      { label: 'Result', text: `Now they recommend ${c.name} to everyone they know.` },
      { label: 'Proof', text: `Show ${c.proof}.`, direction: true },
      { label: 'Note', text: `Use a real ${c.domain.customer} with their permission, or label it as a dramatisation.`, direction: true },
      { label: 'Call to action', text: c.cta },
    ],
  },
  {
    id: 'pov',
    structure: 'POV skit',
    seconds: 20,
    titles: {
      'Fun & Quirky': (c) => `POV: you just discovered ${c.name}`,
      'Edgy / Bold': () => 'POV: you stopped settling for less',
      Relatable: (c) => `POV: it's been a week and only ${c.offering} will fix it`,
      Professional: (c) => `A scenario every ${c.audience.singular} will recognise`,
      Informative: (c) => `POV: choosing ${c.offering} for the first time`,
      Inspirational: () => 'POV: the day you decided you deserve better',
    },
    beats: (c) => [
      { label: 'Setup', text: `POV: you're a ${c.audience.singular} ${c.audience.situation}, and you're tired of ${c.frustration}.` },
      { label: 'Twist', text: `Then you find ${c.name}, and ${c.offering} ${c.agree('changes', 'change')} everything.` },
      { label: 'Punchline', text: `Now it's ${c.outcome}. Every time.` },
      { label: 'Format', text: 'Film it selfie-style with quick cuts and the POV line as on-screen text.', direction: true },
      { label: 'Call to action', text: c.cta },
    ],
  },
  {
    id: 'faq',
    structure: 'reply to a question',
    seconds: 30,
    titles: {
      'Fun & Quirky': (c) => `You asked, we answered (${c.offering} edition)`,
      'Edgy / Bold': (c) => `The ${c.offering} question nobody answers straight`,
      Relatable: () => 'The question we get every single day',
      Professional: (c) => `Your top question about ${c.offering}, answered`,
      Informative: (c) => `Everything to know about ${c.offering} in 30 seconds`,
      Inspirational: (c) => `The question that changes how you see ${c.offering}`,
    },
    beats: (c) => [
      { label: 'Question', text: `"${c.agree('Is', 'Are')} ${c.offering} really worth it for ${c.audience.plural}?"` },
      { label: 'Answer', text: `Short answer: yes, when it's done right. At ${c.name}, ${c.offering} ${c.agree('means', 'mean')} ${c.outcome}.` },
      { label: 'Proof', text: `Show ${c.proof}.`, direction: true },
      { label: 'Tip', text: `Before you choose, ask one question: will it give you ${c.outcome}?` },
      { label: 'Call to action', text: c.cta },
    ],
  },
];

/** Labels of beats that carry no spoken words, so a script written from a prompt skips them. */
export const directionLabels = new Set(['structure', 'goal', 'tone', 'format', 'shots', 'note', 'offer']);
