import { ideaMessages, type IdeaItem } from '@reelsmith/contracts';
import { IdeaCard } from './IdeaCard.tsx';

const generatedAt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Consecutive ideas of one batch, as the server lists them (newest batch first). */
function batchesOf(ideas: IdeaItem[]): IdeaItem[][] {
  const batches: IdeaItem[][] = [];
  for (const idea of ideas) {
    const last = batches.at(-1);
    if (last && last[0]!.batch_id === idea.batch_id) last.push(idea);
    else batches.push([idea]);
  }
  return batches;
}

interface IdeaListProps {
  ideas: IdeaItem[];
  disabled: boolean;
  onUse(idea: IdeaItem): void;
}

/** Earlier ideas, grouped by the generation they came from, each group dated. */
export function EarlierIdeas({ ideas, disabled, onUse }: IdeaListProps) {
  if (ideas.length === 0) return <p className="text-muted">{ideaMessages.emptyHistory}</p>;
  return (
    <div className="flex flex-col gap-6">
      {batchesOf(ideas).map((batch) => (
        <section key={batch[0]!.batch_id} aria-label={`Ideas from ${generatedAt.format(new Date(batch[0]!.created_at))}`}>
          <p className="mb-2 text-sm font-semibold text-muted">{generatedAt.format(new Date(batch[0]!.created_at))}</p>
          <ul className="flex flex-col gap-3">
            {batch.map((idea) => (
              <li key={idea.id}>
                <IdeaCard idea={idea} promptOpen={false} disabled={disabled} onUse={onUse} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function NewIdeas({ ideas, disabled, onUse }: IdeaListProps) {
  return (
    <ul className="flex flex-col gap-3">
      {ideas.map((idea) => (
        <li key={idea.id}>
          <IdeaCard idea={idea} promptOpen disabled={disabled} onUse={onUse} />
        </li>
      ))}
    </ul>
  );
}
