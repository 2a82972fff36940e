import {
  businessProfileLimits,
  formMessages,
  ideaFieldLabels,
  ideaGoals,
  ideaMessages,
  ideaTones,
  quotaMessages,
  targetAudiences,
  type IdeaAllowance,
  type IdeaItem,
  type SaveBusinessProfileRequest,
} from '@reelsmith/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Notice, type NoticeMessage } from '../../components/ui/Notice.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { shownText } from '../../lib/client.ts';
import { generateIdeas, saveProfile } from './api.ts';
import { ideasKeys } from './queries.ts';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { profileErrors, profileFieldError, type ProfileField, type ProfileValues } from './validation.ts';

interface ProfileFormProps {
  email: string;
  initial: ProfileValues;
  allowance: IdeaAllowance | undefined;
  onGenerated(ideas: IdeaItem[]): void;
}

const fieldOrder: ProfileField[] = ['business_name', 'business_type', 'goal', 'tone', 'offerings', 'target_audience'];
const textFields = {
  business_name: { placeholder: 'e.g. Bloom & Brew', maxLength: businessProfileLimits.businessName, hint: undefined },
  business_type: { placeholder: 'e.g. Neighbourhood café', maxLength: businessProfileLimits.businessType, hint: undefined },
  offerings: { placeholder: 'e.g. cold brew, fresh pastries, office catering', maxLength: businessProfileLimits.offerings, hint: ideaMessages.offeringsHint },
} as const;
const choices = { goal: ideaGoals, tone: ideaTones, target_audience: targetAudiences } as const;

const fieldId = (field: ProfileField) => `profile-${field}`;

/** The business details (SPEC §3 Business profile): Generate saves them, then asks for a batch of ideas. */
export function ProfileForm({ email, initial, allowance, onGenerated }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [outcome, setOutcome] = useState<NoticeMessage | null>(null);
  const showFailure = (error: unknown) => setOutcome({ tone: 'error', text: shownText(error, formMessages.unexpected) });
  const saving = useMutation({
    mutationFn: save,
    onSuccess: () => setOutcome({ tone: 'success', text: ideaMessages.saved }),
    onError: showFailure,
  });
  const generating = useMutation({
    mutationFn: async (request: SaveBusinessProfileRequest) => {
      await save(request);
      return generateIdeas(request);
    },
    onSuccess: (generated) => onGenerated(generated.ideas),
    onError: showFailure,
    // The list and the credits changed (or a refusal says they are used up): read both again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ideasKeys.ideas(email) }),
  });
  const busy = saving.isPending ? 'saving' : generating.isPending ? 'generating' : null;
  const atLimit = allowance !== undefined && allowance.ideas_generated >= allowance.ideas_allowed;

  /** The request to send, or null after showing what needs fixing and moving focus to the first such field. */
  function checkedRequest(): SaveBusinessProfileRequest | null {
    const found = profileErrors(values);
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (!first) return { user_email: email, ...values };
    setOutcome(null);
    document.getElementById(fieldId(first))?.focus();
    return null;
  }

  async function save(request: SaveBusinessProfileRequest) {
    const profile = await saveProfile(request);
    queryClient.setQueryData(ideasKeys.profile(email), profile);
  }

  function handleGenerate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || atLimit) return;
    const request = checkedRequest();
    if (!request) return;
    setOutcome(null);
    generating.mutate(request);
  }

  function handleSave() {
    if (busy) return;
    const request = checkedRequest();
    if (request) saving.mutate(request);
  }

  /** A select only offers its list's values, so what it reports fits the field's type. */
  function update(field: ProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }) as ProfileValues);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: profileFieldError(field, value) }));
  }

  return (
    <form noValidate onSubmit={handleGenerate} className="flex flex-col gap-4" aria-labelledby="profile-heading">
      {outcome && <Notice message={outcome} />}
      {fieldOrder.map((field) =>
        field === 'business_name' || field === 'business_type' || field === 'offerings' ? (
          <TextField
            key={field}
            id={fieldId(field)}
            label={ideaFieldLabels[field]}
            name={field}
            required
            placeholder={textFields[field].placeholder}
            maxLength={textFields[field].maxLength}
            hint={textFields[field].hint}
            value={values[field]}
            error={errors[field]}
            onChange={(event) => update(field, event.target.value)}
            onBlur={() => values[field] && setErrors((current) => ({ ...current, [field]: profileFieldError(field, values[field]) }))}
          />
        ) : (
          <SelectField
            key={field}
            id={fieldId(field)}
            label={ideaFieldLabels[field]}
            name={field}
            options={choices[field]}
            value={values[field]}
            onChange={(event) => update(field, event.target.value)}
          />
        ),
      )}

      <div className="mt-2 flex flex-col gap-3 border-t border-gray-100 pt-4">
        {allowance && (
          <p className="text-sm text-muted">
            <span className="font-semibold text-ink">{ideaMessages.usage(allowance.ideas_generated, allowance.ideas_allowed)}</span>
            {' · '}
            {ideaMessages.perBatch}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" className="sm:flex-1" disabled={atLimit || busy !== null} aria-describedby={atLimit ? 'ideas-limit' : undefined}>
            Generate Ideas
          </Button>
          <Button variant="secondary" onClick={handleSave} disabled={busy !== null}>
            {busy === 'saving' ? 'Saving…' : 'Save profile'}
          </Button>
        </div>
        {atLimit && (
          <p id="ideas-limit" className="text-sm font-medium text-red-700">
            {quotaMessages.ideas}
          </p>
        )}
      </div>
      {busy === 'generating' && <RenderProgress title={ideaMessages.generating} notice={ideaMessages.estimate} />}
    </form>
  );
}
