import type { BusinessBrief } from '../types.ts';
import { detectDomain, type Domain } from './domains.ts';
import { audiences } from './voice.ts';

/** A spoken line and how much the script needs it (the same scale as the script's own lines: lower survives first). */
export interface BusinessLine {
  text: string;
  priority: number;
}

/** The first two offerings read as one phrase ("cold brew and fresh pastries"). */
function offerPhrase(brief: BusinessBrief): string | null {
  const [first, second] = brief.offerings;
  if (!first) return null;
  return second ? `${first} and ${second}` : first;
}

/**
 * What a script says about the user's business when a profile is saved: who is speaking and what they offer (kept
 * even in a short video, since an ad that never names the business sells nothing), and whom it is for. A script that
 * already names the business is not told its name again.
 */
export function businessLines(brief: BusinessBrief, script: string): { lines: BusinessLine[]; closing: string } {
  const named = script.toLowerCase().includes(brief.businessName.toLowerCase());
  const offer = offerPhrase(brief);
  const audience = audiences[brief.targetAudience];
  const lines: BusinessLine[] = [];
  if (offer || !named) lines.push({ text: offer ? `At ${brief.businessName}, it's all about ${offer}.` : `This is ${brief.businessName}.`, priority: 1 });
  lines.push({ text: `Made for ${audience.plural} ${audience.situation}.`, priority: 4 });
  return { lines, closing: `Find ${brief.businessName} at the link in bio.` };
}

/** The storyboard's look for the user's business: its kind's shots, the audience in the customer shot and its name at the close. */
export function businessVisuals(brief: BusinessBrief): Domain['visuals'] {
  const [hook, problem, process, product, customer, closing] = detectDomain(brief.businessType, brief.offerings).visuals;
  const audience = audiences[brief.targetAudience];
  return [hook, problem, process, product, `${customer}, one of the ${audience.plural} the video speaks to`, `${closing}, with the name ${brief.businessName}`];
}
