import { billingMessages, plans, purchasablePlanIds, type SubscriptionResponse } from '@reelsmith/contracts';
import { Button } from '../../components/ui/Button.tsx';
import type { PurchaseChoice } from './usePurchase.ts';

const price = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** SPEC §5: plans can be chosen only from the Free Plan; the trial pack only while it was never taken. */
export function PlanCards({ subscription, disabled, onChoose }: { subscription: SubscriptionResponse; disabled: boolean; onChoose(choice: PurchaseChoice): void }) {
  const onFree = subscription.plan_name === plans.free.name;
  const trialOffered = onFree && subscription.trial_pack_taken !== 'Yes';
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {purchasablePlanIds.map((id) => {
        const plan = plans[id];
        const current = subscription.plan_id === id;
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
            <Button className="mt-4" disabled={!onFree || disabled} title={onFree ? undefined : billingMessages.alreadyActivePlan} onClick={() => onChoose({ kind: 'plan', planId: id, title: plan.title })}>
              {current ? 'Current plan' : `Choose ${plan.title}`}
            </Button>
            {!onFree && !current && <p className="mt-2 text-xs text-gray-600">{billingMessages.alreadyActivePlan}</p>}
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
