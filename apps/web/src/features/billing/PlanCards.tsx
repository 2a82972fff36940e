import { billingMessages, plans, purchasablePlanIds, type PurchasablePlanId, type SubscriptionResponse } from '@reelsmith/contracts';
import { Button } from '../../components/ui/Button.tsx';
import type { PlanSwitch } from './usePlanChange.ts';
import type { PurchaseChoice } from './usePurchase.ts';

const price = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

interface CardAction {
  label: string;
  /** Why the button is disabled, shown under it (UI.md: a disabled primary button says why). */
  reason?: string;
  act?: () => void;
  /** A switch down is offered, not pushed: a secondary button. */
  quiet?: boolean;
}

/**
 * What a plan's button does. From the Free Plan any plan is bought (SPEC §5); on a paid subscription another plan is
 * an upgrade now or a switch at period end; the trial pack has no subscription to change, so SPEC's tooltip stays.
 */
function actionFor(id: PurchasablePlanId, subscription: SubscriptionResponse, onChoose: (choice: PurchaseChoice) => void, onSwitch: (change: PlanSwitch) => void): CardAction {
  const plan = plans[id];
  if (subscription.plan_id === 'free') return { label: `Choose ${plan.title}`, act: () => onChoose({ kind: 'plan', planId: id, title: plan.title }) };
  if (subscription.plan_id === id) return { label: 'Current plan', reason: billingMessages.alreadyActivePlan };
  if (subscription.plan_id === 'trial') return { label: `Choose ${plan.title}`, reason: billingMessages.alreadyActivePlan };
  const waiting = subscription.pending_upgrade;
  if (waiting?.plan_id === id) return { label: 'Upgrading', reason: billingMessages.upgradeWaitingLine(waiting.plan_name) };
  if (waiting) return { label: plan.priceCents > plans[subscription.plan_id].priceCents ? 'Upgrade' : 'Switch at period end', reason: billingMessages.changeAwaitingPayment };
  const scheduled = subscription.scheduled_change;
  // The button's own words say why it is disabled.
  if (scheduled?.plan_id === id) return { label: `Switching on ${day(scheduled.date)}` };
  if (scheduled) return { label: 'Switch at period end', reason: billingMessages.changeAlreadyScheduled(scheduled.plan_name, day(scheduled.date)) };
  const fromPlanId = subscription.plan_id;
  const dearer = plan.priceCents > plans[fromPlanId].priceCents;
  if (subscription.cancel_at_period_end) return { label: dearer ? 'Upgrade' : 'Switch at period end', reason: billingMessages.changeWhileEnding };
  return dearer
    ? { label: 'Upgrade', act: () => onSwitch({ planId: id, fromPlanId, direction: 'upgrade' }) }
    : { label: 'Switch at period end', act: () => onSwitch({ planId: id, fromPlanId, direction: 'downgrade' }), quiet: true };
}

export function PlanCards({
  subscription,
  disabled,
  onChoose,
  onSwitch,
}: {
  subscription: SubscriptionResponse;
  disabled: boolean;
  onChoose(choice: PurchaseChoice): void;
  onSwitch(change: PlanSwitch): void;
}) {
  const trialOffered = subscription.plan_id === 'free' && subscription.trial_pack_taken !== 'Yes';
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {purchasablePlanIds.map((id) => {
        const plan = plans[id];
        const action = actionFor(id, subscription, onChoose, onSwitch);
        return (
          <article key={id} aria-labelledby={`plan-${id}`} className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm ${plan.mostPopular ? 'border-accent ring-2 ring-accent/30' : 'border-gray-200'}`}>
            {plan.mostPopular && <p className="mb-2 self-start rounded-full bg-accent/10 px-3 py-0.5 text-xs font-bold text-accent">Most Popular</p>}
            <h3 id={`plan-${id}`} className="text-lg font-bold text-ink">{plan.title}</h3>
            <p className="mt-1 text-2xl font-extrabold text-ink">
              {price(plan.priceCents)}
              <span className="text-sm font-medium text-gray-600"> / month</span>
            </p>
            <ul className="mt-3 flex-1 space-y-1 text-sm text-gray-700">
              {plan.features.map((feature) => (
                <li key={feature}>✓ {feature}</li>
              ))}
            </ul>
            <Button className="mt-4" variant={action.quiet ? 'secondary' : 'primary'} disabled={!action.act || disabled} title={action.reason} onClick={action.act}>
              {action.label}
            </Button>
            {action.reason && action.label !== 'Current plan' && <p className="mt-2 text-xs text-gray-600">{action.reason}</p>}
          </article>
        );
      })}
      {trialOffered && (
        <article aria-labelledby="plan-trial" className="flex flex-col rounded-xl border border-dashed border-accent bg-accent/5 p-5">
          <h3 id="plan-trial" className="text-lg font-bold text-ink">{plans.trial.title}</h3>
          <p className="mt-1 text-2xl font-extrabold text-ink">
            {price(plans.trial.priceCents)}
            <span className="text-sm font-medium text-gray-600"> one-time</span>
          </p>
          <ul className="mt-3 flex-1 space-y-1 text-sm text-gray-700">
            {plans.trial.features.map((feature) => (
              <li key={feature}>✓ {feature}</li>
            ))}
          </ul>
          <Button className="mt-4" disabled={disabled} onClick={() => onChoose({ kind: 'trial', title: plans.trial.title })}>
            Buy Trial Pack
          </Button>
        </article>
      )}
    </div>
  );
}
