import type { IdeaItem } from '@reelsmith/contracts';
import { Button } from '../../components/ui/Button.tsx';

interface IdeaCardProps {
  idea: IdeaItem;
  /** New ideas show their script prompt; earlier ones keep it folded so the list stays scannable. */
  promptOpen: boolean;
  disabled: boolean;
  onUse(idea: IdeaItem): void;
}

/** A prompt's "Label: text" lines (how briefs are written) read faster with the label set apart. */
function PromptText({ text }: { text: string }) {
  return (
    <div className="mt-2 flex flex-col gap-1 text-sm leading-relaxed text-muted">
      {text.split('\n').map((line, index) => {
        const labelled = /^([A-Z][A-Za-z0-9 ]{0,24}):\s(.+)$/.exec(line);
        return (
          <p key={index}>
            {labelled ? (
              <>
                <span className="font-semibold text-ink">{labelled[1]}:</span> {labelled[2]}
              </>
            ) : (
              line
            )}
          </p>
        );
      })}
    </div>
  );
}

/** One idea: its title, the script prompt it would start from, and the way to start a video with it. */
export function IdeaCard({ idea, promptOpen, disabled, onUse }: IdeaCardProps) {
  const titleId = `idea-${idea.id}`;
  const prompt = <PromptText text={idea.script_prompt} />;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={titleId} className="text-base font-semibold break-words sm:text-lg">
        {idea.title}
      </h3>
      {promptOpen ? (
        prompt
      ) : (
        <details className="group">
          <summary className="cursor-pointer rounded text-sm font-semibold text-accent">Script prompt</summary>
          {prompt}
        </details>
      )}
      <div>
        <Button variant="secondary" aria-describedby={titleId} disabled={disabled} onClick={() => onUse(idea)}>
          Use this idea
        </Button>
      </div>
    </article>
  );
}
