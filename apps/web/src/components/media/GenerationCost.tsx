import { aiVideoMessages, type VideoGeneratorName } from '@reelsmith/contracts';

/**
 * Beside a Generate button, before the click: what the generation costs. A motion template (the offline renderer)
 * takes no AI credit; a vendor's generation takes one (issue 29 §1). Nothing is shown until the generator is known.
 */
export function GenerationCost({ generator }: { generator: VideoGeneratorName | undefined }) {
  if (!generator) return null;
  const offline = generator === 'local';
  return (
    <p className={`self-start rounded-full px-3 py-1 text-xs font-medium ${offline ? 'bg-accent-soft text-ink' : 'bg-gray-100 text-muted'}`}>
      {offline ? aiVideoMessages.offlineCost : aiVideoMessages.vendorCost}
    </p>
  );
}
