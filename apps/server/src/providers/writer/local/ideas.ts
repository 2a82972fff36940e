import type { BusinessBrief, IdeaDraft } from '../types.ts';
import { detectDomain } from './domains.ts';
import { frameworks, type Framework, type IdeaContext } from './frameworks.ts';
import { createRandom, seedOf, type Random } from './random.ts';
import { audiences, goals, isPlural, lowerFirst, tones, withArticle, type VoiceContext } from './voice.ts';

/** The goal's four strongest structures always make the batch; the rest of the places go to varied picks. */
const alwaysFromGoal = 4;

function frameworkOrder(goalFrameworks: string[], random: Random, count: number): Framework[] {
  const byId = new Map(frameworks.map((f) => [f.id, f]));
  const strongest = goalFrameworks.slice(0, alwaysFromGoal);
  const others = frameworks.map((f) => f.id).filter((id) => !goalFrameworks.includes(id));
  const rest = [...random.shuffle(goalFrameworks.slice(alwaysFromGoal)), ...random.shuffle(others)];
  const chosen = [...strongest, ...rest.slice(0, Math.max(0, count - strongest.length))];
  const spare = rest.slice(chosen.length - strongest.length);
  return [...random.shuffle(chosen), ...spare].map((id) => byId.get(id)!);
}

/** "Café" -> "a café", "An IT consultancy" -> "an IT consultancy": the type reads inside a sentence. */
function businessKind(type: string): string {
  return withArticle(lowerFirst(type.replace(/^(a|an|the)\s+/i, '')));
}

function promptText(brief: BusinessBrief, framework: Framework, context: IdeaContext): string {
  const goal = goals[brief.goal];
  const lines = [
    `A ${framework.seconds}-second vertical video for ${brief.businessName}, ${businessKind(brief.businessType)}, speaking to ${context.audience.plural}.`,
    `Structure: ${framework.structure}.`,
    ...framework.beats(context, brief.tone).map((beat) => `${beat.label}: ${beat.text}`),
  ];
  if (brief.goal === 'Promote an Event or Offer') lines.push('Offer: add what the offer is and the date it ends.');
  lines.push(`Goal: ${brief.goal} — ${goal.aim(context)}.`, `Tone: ${brief.tone} — ${tones[brief.tone].direction}.`);
  return lines.join('\n');
}

/**
 * A batch of ideas from the offline copywriter. Each idea uses a different short-video structure chosen for the goal,
 * the offerings take turns, and hooks, problems, outcomes and proof rotate, so no two ideas of a batch read alike.
 * The same brief always gives the same batch.
 */
export function writeIdeas(brief: BusinessBrief, count: number): IdeaDraft[] {
  const random = createRandom(seedOf(JSON.stringify(brief)));
  const domain = detectDomain(brief.businessType, brief.offerings);
  const audience = audiences[brief.targetAudience];
  const goal = goals[brief.goal];
  const tone = tones[brief.tone];
  const start = () => Math.floor(random.next() * 1000);
  const offsets = { offering: start(), frustration: start(), outcome: start(), proof: start(), hook: start() };
  const at = <T>(items: readonly T[], offset: number, index: number) => items[(offset + index) % items.length]!;

  const drafts: IdeaDraft[] = [];
  const titles = new Set<string>();
  for (const framework of frameworkOrder(goal.frameworks, random, count)) {
    if (drafts.length === count) break;
    const i = drafts.length;
    const offering = at(brief.offerings, offsets.offering, i);
    const voice: VoiceContext = {
      name: brief.businessName,
      offering,
      agree: (singular, plural) => (isPlural(offering) ? plural : singular),
      audience,
      domain,
      frustration: at(domain.frustrations, offsets.frustration, i),
      outcome: at(domain.outcomes, offsets.outcome, i),
    };
    const context: IdeaContext = {
      ...voice,
      hook: at(tone.hooks, offsets.hook, i)(voice),
      otherFrustration: at(domain.frustrations, offsets.frustration, i + 1),
      cta: goal.cta(voice),
      proof: at(domain.proofs, offsets.proof, i),
      visuals: domain.visuals,
    };
    const title = framework.titles[brief.tone](context);
    if (titles.has(title.toLowerCase())) continue;
    titles.add(title.toLowerCase());
    drafts.push({ title, scriptPrompt: promptText(brief, framework, context) });
  }
  return drafts;
}
