import { quotaMessages, type SubscriptionResponse } from '@reelsmith/contracts';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';

/** Links that act as the page's buttons look like the secondary Button. */
const secondaryLinkClasses =
  'inline-flex items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2.5 font-semibold text-ink hover:bg-gray-50';

interface DashboardActionsProps {
  /** Undefined while the plan is loading: nothing is held back until it is known to be used up. */
  plan: SubscriptionResponse | undefined;
  onCreateVideo: () => void;
}

function QuotaHelp({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="max-w-64 text-xs font-medium text-red-700">
      {text}
    </p>
  );
}

/**
 * SPEC §2 buttons, with §4's limits: each disabled one says why right under it. The spec's Signout is the header's,
 * which every signed-in page has: a second one here read as two different ways out.
 */
export function DashboardActions({ plan, onCreateVideo }: DashboardActionsProps) {
  const navigate = useNavigate();
  // The server refuses the same work on its own; this only saves the user a trip.
  const videosUsedUp = plan ? plan.videos_used >= plan.videos_allowed : false;
  const ideasUsedUp = plan ? plan.ideas_generated >= plan.ideas_allowed : false;

  return (
    <div className="grid grid-cols-2 items-start gap-3 sm:flex sm:flex-wrap">
      <div className="flex flex-col gap-1.5">
        <Button onClick={onCreateVideo} disabled={videosUsedUp} aria-describedby={videosUsedUp ? 'videos-quota' : undefined}>
          Create Video
        </Button>
        {videosUsedUp && <QuotaHelp id="videos-quota" text={quotaMessages.videos} />}
      </div>
      <div className="flex flex-col gap-1.5">
        <Button
          variant="secondary"
          className="py-2.5"
          onClick={() => void navigate('/generate-ideas')}
          disabled={ideasUsedUp}
          aria-describedby={ideasUsedUp ? 'ideas-quota' : undefined}
        >
          Generate Ideas
        </Button>
        {ideasUsedUp && <QuotaHelp id="ideas-quota" text={quotaMessages.ideas} />}
      </div>
      <Link to="/Subscriptions" className={secondaryLinkClasses}>
        Subscriptions
      </Link>
    </div>
  );
}
