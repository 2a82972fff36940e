import { maxPromptChars, scriptTexts, timing, workflowMessages, type SessionUser } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { generateScript, generateScriptForVideo, saveScript } from './api.ts';
import { useDraftCache, useProjectVideo, type SavedDraft } from './queries.ts';
import { ScriptEditor } from './ScriptEditor.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { useAutosave } from './useAutosave.ts';
import { VideoPanel } from './VideoPanel.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

export type ScriptVariant = 'prompt' | 'video';

export interface ScriptWorkspaceProps {
  user: SessionUser;
  variant: ScriptVariant;
  projectId: string | null;
  initialPrompt: string;
  /** null until a script exists; the Generate button shows only then (SPEC §5). */
  initialScript: string | null;
  /** Set when the page opens right after a generation, so the new script gets the focus. */
  focusScript: boolean;
  /** A script was written (into a project the server may have just started): the page's address names it alone now. */
  onGenerated(draft: SavedDraft): void;
}

/** Ctrl/Cmd+Enter sends a multi-line field's form; Enter alone starts a new line, as in any text box. */
function submitOnModEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

/** Prompt (or, for a video, extra direction), the generated script with auto-save and its length, and Next. */
export function ScriptWorkspace({ user, variant, projectId, initialPrompt, initialScript, focusScript, onGenerated }: ScriptWorkspaceProps) {
  const { page, goNext } = useWorkflowPage();
  const cache = useDraftCache(user.id);
  const video = useProjectVideo(user.id, projectId, variant === 'video');
  const [prompt, setPrompt] = useState(initialPrompt);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [script, setScript] = useState(initialScript);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const scriptRef = useRef<HTMLTextAreaElement>(null);
  const wantsScriptFocus = useRef(focusScript);
  const noVideo = variant === 'video' && video.data?.url === null;

  // The autosave keeps its own queue and status; each save it sends is this mutation.
  const { mutateAsync: saveText } = useMutation({
    mutationFn: ({ id, text, leaving }: { id: string; text: string; leaving: boolean }) => saveScript(id, text, leaving),
    onSuccess: (_, { id, text }) => cache.putScript(id, text),
  });
  const save = useCallback(
    async (text: string, leaving: boolean) => {
      if (projectId) await saveText({ id: projectId, text, leaving });
    },
    [saveText, projectId],
  );
  const generation = useMutation({
    mutationFn: (text: string) => (variant === 'prompt' ? generateScript(user.id, projectId, text) : generateScriptForVideo(user.id, projectId!, text)),
    onSuccess: (result, text) => {
      const draft: SavedDraft = { script: result.script, video_id: result.video_id, prompt: text || initialPrompt || null };
      wantsScriptFocus.current = true;
      onGenerated(draft);
      // A new project is a new page (ScriptPage keys this one by project), which opens with the draft just saved.
      if (result.video_id === projectId) setScript(result.script);
    },
  });
  const generating = generation.isPending;
  const autosave = useAutosave(save, timing.scriptAutosaveMs);

  useEffect(() => {
    if (script === null || !wantsScriptFocus.current) return;
    wantsScriptFocus.current = false;
    scriptRef.current?.focus();
  }, [script]);

  function handleGenerate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (generating || noVideo) return;
    const text = prompt.trim();
    if (variant === 'prompt' && !text) {
      setPromptError(scriptTexts.promptRequired);
      promptRef.current?.focus();
      return;
    }
    generation.mutate(text);
  }

  function handleScriptChange(text: string) {
    setScript(text);
    autosave.change(text);
  }

  async function handleNext() {
    if (!projectId || !script?.trim()) return;
    // The next step reads the script from the server, so the last edit goes there first.
    if (!(await autosave.flush())) return;
    await goNext(projectId);
  }

  const canGoNext = Boolean(projectId && script?.trim());

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page?.title}</h1>
        <p className="mt-2 text-muted">{scriptTexts.intro[variant]}</p>
      </div>

      <div
        className={`grid items-start gap-6 ${variant === 'video' ? 'md:grid-cols-[18rem_minmax(0,1fr)] md:gap-8' : 'lg:grid-cols-[minmax(0,48rem)_minmax(0,18rem)] lg:gap-8'}`}
      >
        {variant === 'video' && <VideoPanel url={video.isError ? null : video.data?.url} />}

        <section className="flex flex-col gap-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
          {script === null ? (
            <form noValidate onSubmit={handleGenerate} className="flex flex-col gap-4">
              <TextAreaField
                ref={promptRef}
                label={variant === 'prompt' ? scriptTexts.promptLabel : scriptTexts.directionLabel}
                name="prompt"
                rows={variant === 'prompt' ? 6 : 3}
                required={variant === 'prompt'}
                maxLength={maxPromptChars}
                hint={variant === 'prompt' ? scriptTexts.promptHint : scriptTexts.directionHint}
                error={promptError ?? undefined}
                value={prompt}
                onKeyDown={submitOnModEnter}
                onChange={(event) => {
                  setPrompt(event.target.value);
                  if (promptError && event.target.value.trim()) setPromptError(null);
                }}
                onBlur={() => variant === 'prompt' && promptError && setPromptError(prompt.trim() ? null : scriptTexts.promptRequired)}
              />
              <div className="flex flex-col gap-2">
                <Button type="submit" className="sm:self-start" disabled={noVideo} aria-describedby={noVideo ? 'script-no-video' : undefined}>
                  {scriptTexts.generate}
                </Button>
                {noVideo && (
                  <p id="script-no-video" className="text-sm font-medium text-red-700">
                    {scriptTexts.noVideo}
                  </p>
                )}
              </div>
            </form>
          ) : (
            <>
              {prompt.trim() && (
                <div className="rounded-lg bg-canvas px-3 py-2 text-sm">
                  <p className="font-semibold">{variant === 'prompt' ? scriptTexts.promptLabel : scriptTexts.directionLabel}</p>
                  <p className="mt-1 line-clamp-3 whitespace-pre-line text-muted">{prompt.trim()}</p>
                </div>
              )}
              <ScriptEditor
                script={script}
                status={autosave.status}
                textareaRef={scriptRef}
                onChange={handleScriptChange}
                ownVideoSeconds={video.data?.ownSeconds ?? null}
              />
            </>
          )}

          {generation.isError && <Notice message={{ tone: 'error', text: workflowMessages.scriptError }} />}

          <div className="flex flex-col items-stretch gap-2 border-t border-gray-100 pt-4 sm:flex-row sm:items-center sm:justify-end">
            {!canGoNext && (
              <p id="script-next-reason" className="text-sm text-muted">
                {scriptTexts.needScript}
              </p>
            )}
            <Button onClick={() => void handleNext()} disabled={!canGoNext} aria-describedby={canGoNext ? undefined : 'script-next-reason'}>
              Next
            </Button>
          </div>
        </section>

        {variant === 'prompt' && (
          <aside aria-labelledby="script-tips" className="hidden rounded-xl bg-accent-soft/60 p-5 text-sm lg:block">
            <h2 id="script-tips" className="font-semibold">
              {scriptTexts.tipsHeading}
            </h2>
            <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-4 text-muted">
              {scriptTexts.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </aside>
        )}
      </div>
      {generating && (
        <RenderProgress title={scriptTexts.generating} notice={variant === 'prompt' ? scriptTexts.estimate : scriptTexts.estimateForVideo} />
      )}
    </div>
  );
}
