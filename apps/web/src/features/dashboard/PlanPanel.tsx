import { dashboardMessages, dashboardTexts, type SubscriptionResponse } from '@reelsmith/contracts';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { formatDate } from './format.ts';

interface PlanPanelProps {
  subscription: SubscriptionResponse | undefined;
  failed: boolean;
  onRetry: () => void;
}

function UsageLine({ label, used, allowed, note }: { label: string; used: number; allowed: number; note?: string }) {
  const share = allowed > 0 ? Math.min(1, used / allowed) : 1;
  return (
    <li className="flex flex-col gap-1.5">
      <p className="text-sm font-medium">{`${label}: (${used} / ${allowed})`}</p>
      {/* The line above carries the numbers; the bar only draws them. */}
      <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-gray-100">
        <span className={`block h-full rounded-full ${share >= 1 ? 'bg-red-600' : 'bg-accent'}`} style={{ width: `${share * 100}%` }} />
      </span>
      {note && <p className="text-xs text-muted">{note}</p>}
    </li>
  );
}

/** The plan and this period's usage (SPEC §2 "plan usage lines", §3 subscription). */
export function PlanPanel({ subscription, failed, onRetry }: PlanPanelProps) {
  return (
    <section aria-labelledby="plan-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6">
      <h2 id="plan-heading" className="text-lg font-semibold">
        Your plan
      </h2>
      {subscription ? (
        <>
          <div className="mt-3 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
            <p className="text-base font-semibold text-accent">{`Plan: ${subscription.plan_name}`}</p>
            <p className="text-sm text-muted">
              {`${subscription.cancel_at_period_end ? 'Plan ends' : 'Credits renew'} on ${formatDate(subscription.end_date)}`}
            </p>
          </div>
          <ul className="mt-5 grid gap-4 sm:grid-cols-3">
            <UsageLine label="Videos Used" used={subscription.videos_used} allowed={subscription.videos_allowed} />
            <UsageLine
              label="AI Videos Used"
              used={subscription.ai_videos_used}
              allowed={subscription.ai_videos_allowed}
              note={subscription.ai_motion_templates ? dashboardMessages.motionTemplatesUsage : undefined}
            />
            <UsageLine label="Ideas Generated" used={subscription.ideas_generated} allowed={subscription.ideas_allowed} />
          </ul>
        </>
      ) : failed ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm font-medium text-red-800">
            {dashboardTexts.subscriptionFailed}
          </p>
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : (
        <p role="status" className="mt-3 flex items-center gap-3 text-sm text-muted">
          <Spinner className="size-5" />
          Loading your plan
        </p>
      )}
    </section>
  );
}
