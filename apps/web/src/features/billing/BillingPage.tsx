import { billingMessages, plans, type SubscriptionResponse } from '@reelsmith/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Notice, type NoticeMessage } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { shownText } from '../../lib/client.ts';
import { announcePlanChange } from '../../lib/planChanges.ts';
import { cancelSubscription, verifyPayment } from './api.ts';
import { InvoicesTable } from './InvoicesTable.tsx';
import { PlanCards } from './PlanCards.tsx';
import { useInvoicesQuery, useSubscriptionQuery } from './queries.ts';
import { usePlanChange, type PlanSwitch } from './usePlanChange.ts';
import { usePurchase } from './usePurchase.ts';

type Tab = 'plan' | 'invoices';
const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function BillingContent({ email }: { email: string }) {
  const [tab, setTab] = useState<Tab>('plan');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const subscription = useSubscriptionQuery(email);
  const invoices = useInvoicesQuery(email);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['subscription', email] });
    void queryClient.invalidateQueries({ queryKey: ['invoices', email] });
  }, [email, queryClient]);
  const purchase = usePurchase(email, refresh);
  const planChange = usePlanChange(email, refresh, setNotice);
  const verified = useRef(false);

  // SPEC §4 trial pack: the payment link brings the payer back here with its id and status.
  const linkId = params.get('razorpay_payment_link_id');
  const linkStatus = params.get('razorpay_payment_link_status');
  const verification = useMutation({
    mutationFn: (id: string) => verifyPayment(email, id),
    onSuccess: (result) => {
      setNotice(result.success ? { tone: 'success', text: billingMessages.trialActivated } : { tone: 'error', text: result.error ?? billingMessages.paymentVerificationFailed });
      if (result.success) announcePlanChange();
    },
    onError: (error) => setNotice({ tone: 'error', text: shownText(error, billingMessages.verifyingWentWrong) }),
    onSettled: () => {
      setParams({}, { replace: true });
      refresh();
    },
  });
  const verify = verification.mutate;
  useEffect(() => {
    if (!linkId || linkStatus !== 'paid' || verified.current) return;
    verified.current = true;
    verify(linkId);
  }, [linkId, linkStatus, verify]);

  const cancellation = useMutation({
    mutationFn: () => cancelSubscription(email),
    onSuccess: (result) => {
      setNotice(result.message ? { tone: 'success', text: result.message } : { tone: 'error', text: result.error ?? billingMessages.cancelFailed });
      refresh();
      announcePlanChange();
    },
    onError: (error) => setNotice({ tone: 'error', text: shownText(error, billingMessages.cancelFailed) }),
  });

  function cancel() {
    setConfirmingCancel(false);
    setNotice(null);
    cancellation.mutate();
  }

  const current = subscription.data;
  const paidSubscription = current && current.plan_id !== 'free' && current.plan_id !== 'trial';
  const message = notice ?? purchase.state.message;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Subscriptions</h1>
      <div role="tablist" aria-label="Subscription sections" className="flex gap-2 border-b border-gray-200">
        {(
          [
            ['plan', 'Plan Details'],
            ['invoices', 'Invoices'],
          ] as const
        ).map(([id, label]) => (
          <button key={id} role="tab" id={`tab-${id}`} aria-selected={tab === id} aria-controls={`panel-${id}`} onClick={() => setTab(id)}
            className={`-mb-px border-b-2 px-4 py-2 font-semibold ${tab === id ? 'border-accent text-accent' : 'border-transparent text-gray-600 hover:text-ink'}`}>
            {label}
          </button>
        ))}
      </div>
      {message && <Notice message={message} />}
      {purchase.state.waitingUrl && (
        <p role="status" className="flex items-center gap-3 rounded-lg border border-accent/30 bg-accent/5 px-4 py-3 text-sm">
          <Spinner />
          <span>
            Complete the payment in the new tab; this page updates by itself.{' '}
            <a className="font-semibold text-accent underline" href={purchase.state.waitingUrl} target="_blank" rel="noopener">Open the payment page</a>
          </span>
        </p>
      )}
      {tab === 'plan' ? (
        <section role="tabpanel" id="panel-plan" aria-labelledby="tab-plan" className="space-y-6">
          {!current ? (
            <Spinner />
          ) : (
            <>
              <div className="rounded-xl bg-white p-5 shadow-sm">
                <p className="text-lg font-semibold text-ink">Current plan: {current.plan_name}</p>
                <p className="text-sm text-gray-600">
                  {current.cancel_at_period_end ? 'Ends' : current.plan_name === plans.free.name ? 'Credits renew' : 'Renews'} on {day(current.end_date)}
                </p>
                {current.pending_upgrade && (
                  <p role="status" className="mt-2 flex items-center gap-2 text-sm font-semibold text-ink">
                    <Spinner className="size-4" />
                    {billingMessages.upgradeWaitingLine(current.pending_upgrade.plan_name)}
                  </p>
                )}
                {current.scheduled_change && (
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    <p className="text-sm font-semibold text-ink">{billingMessages.scheduledChangeLine(current.scheduled_change.plan_name, day(current.scheduled_change.date))}</p>
                    <Button variant="secondary" disabled={planChange.busy} onClick={planChange.keepCurrentPlan}>{billingMessages.keepCurrentPlan}</Button>
                  </div>
                )}
                {paidSubscription && !current.cancel_at_period_end && (
                  <Button variant="secondary" className="mt-3" onClick={() => setConfirmingCancel(true)}>Cancel subscription</Button>
                )}
              </div>
              <PlanCards
                subscription={current}
                disabled={purchase.state.busy || Boolean(purchase.state.waitingUrl) || planChange.busy}
                onChoose={purchase.choose}
                onSwitch={(change) => {
                  setNotice(null);
                  planChange.ask(change);
                }}
              />
            </>
          )}
        </section>
      ) : (
        <section role="tabpanel" id="panel-invoices" aria-labelledby="tab-invoices">
          {invoices.data ? <InvoicesTable invoices={invoices.data} /> : <Spinner />}
        </section>
      )}
      {current && (
        <Dialog open={confirmingCancel} title={billingMessages.cancelConfirmTitle} onClose={() => setConfirmingCancel(false)}>
          <p className="text-sm text-gray-600">{billingMessages.cancelConfirmBody(current.plan_name, day(current.end_date))}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setConfirmingCancel(false)}>{billingMessages.cancelKeep}</Button>
            <Button onClick={cancel}>{billingMessages.cancelConfirm}</Button>
          </div>
        </Dialog>
      )}
      {current && planChange.confirming && <SwitchDialog current={current} change={planChange.confirming} onConfirm={planChange.confirm} onClose={planChange.dismiss} />}
      <Dialog open={purchase.state.asking !== null} title={billingMessages.basedInIndia} onClose={purchase.dismiss}>
        <p className="text-sm text-gray-600">We issue a GST tax invoice to customers in India.</p>
        <div className="mt-5 flex gap-3">
          <Button onClick={() => purchase.answer('Yes')}>Yes</Button>
          <Button variant="secondary" onClick={() => purchase.answer('No')}>No</Button>
        </div>
      </Dialog>
    </div>
  );
}

/** Upgrades take effect and charge at once, a switch down waits for the period's end: each says so before it is made. */
function SwitchDialog({ current, change, onConfirm, onClose }: { current: SubscriptionResponse; change: PlanSwitch; onConfirm(): void; onClose(): void }) {
  const plan = plans[change.planId];
  const end = day(current.end_date);
  const upgrade = change.direction === 'upgrade';
  return (
    <Dialog open title={upgrade ? billingMessages.upgradeConfirmTitle(plan.title) : billingMessages.downgradeConfirmTitle(plan.title)} onClose={onClose}>
      <p className="text-sm text-gray-600">
        {upgrade ? billingMessages.upgradeConfirmBody(plan.name, `$${(plan.priceCents / 100).toFixed(2)}`, end) : billingMessages.downgradeConfirmBody(current.plan_name, plan.name, end)}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button onClick={onConfirm}>{upgrade ? `Upgrade to ${plan.title}` : 'Switch at period end'}</Button>
        <Button variant="secondary" onClick={onClose}>{billingMessages.keepCurrentPlan}</Button>
      </div>
    </Dialog>
  );
}

export function BillingPage() {
  const session = useSession();
  return session.data ? <BillingContent email={session.data.email} /> : <Spinner />;
}
