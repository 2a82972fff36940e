import { billingMessages, subscriptionEndedStatuses, subscriptionSuccessStatuses, timing } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NoticeMessage } from '../../components/ui/Notice.tsx';
import { shownText } from '../../lib/client.ts';
import { announcePlanChange } from '../../lib/planChanges.ts';
import { checkSubscriptionStatus, createSubscription, createTrialPayment } from './api.ts';

export type PurchaseChoice = { kind: 'plan'; planId: 'starter' | 'growth' | 'pro'; title: string } | { kind: 'trial'; title: string };

interface Answered {
  /** The purchase waiting for the 'Are you based in India?' answer. */
  asking: PurchaseChoice | null;
  /** Set while the payment page is open and the status is being polled. */
  waitingUrl: string | null;
  message: NoticeMessage | null;
}

export interface PurchaseState extends Answered {
  busy: boolean;
}

const success = new Set<string>(subscriptionSuccessStatuses);
const ended = new Set<string>(subscriptionEndedStatuses);

/**
 * Polls every 10 s until the status succeeds, ends, or the deadline passes. The payer comes back to this tab from the
 * payment tab: then it asks at once rather than at the next tick, so the page never shows the old plan after paying.
 * Answers a function that stops it.
 */
function pollStatus(subscriptionId: string, deadline: number, settle: (message: NoticeMessage, activated: boolean) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking = false;
  let done = false;
  const tick = async () => {
    if (asking || done) return;
    asking = true;
    clearTimeout(timer);
    let status: string | null = null;
    try {
      status = (await checkSubscriptionStatus(subscriptionId)).status;
    } catch {
      status = null;
    }
    asking = false;
    if (done) return;
    if (status && success.has(status)) finish({ tone: 'success', text: billingMessages.subscriptionActive }, true);
    else if (status && ended.has(status)) finish({ tone: 'error', text: billingMessages.subscriptionEnded(status) }, false);
    else if (Date.now() + timing.subscriptionPollMs > deadline) finish({ tone: 'error', text: billingMessages.subscriptionTimeout }, false);
    else timer = setTimeout(tick, timing.subscriptionPollMs);
  };
  const onReturn = () => {
    if (document.visibilityState === 'visible') void tick();
  };
  function stop() {
    done = true;
    clearTimeout(timer);
    window.removeEventListener('focus', onReturn);
    document.removeEventListener('visibilitychange', onReturn);
  }
  function finish(message: NoticeMessage, activated: boolean) {
    stop();
    settle(message, activated);
  }
  window.addEventListener('focus', onReturn);
  document.addEventListener('visibilitychange', onReturn);
  timer = setTimeout(tick, timing.subscriptionPollMs);
  return stop;
}

/**
 * SPEC §4 purchase: ask about India (the GST invoice), open the payment page in a new tab, then poll the
 * subscription status every 10 s for up to 5 minutes. The trial pack returns to this page instead (see the page).
 */
export function usePurchase(email: string, onActivated: () => void) {
  const [answered, setState] = useState<Answered>({ asking: null, waitingUrl: null, message: null });
  const stopPolling = useRef<() => void>(() => undefined);
  useEffect(() => () => stopPolling.current(), []);

  const onSettled = useCallback(
    (message: NoticeMessage, activated: boolean) => {
      setState((s) => ({ ...s, waitingUrl: null, message }));
      if (!activated) return;
      onActivated();
      announcePlanChange();
    },
    [onActivated],
  );

  // Only the starting call is the mutation; the status polling that follows a plan runs on its own timer.
  const starting = useMutation({
    mutationFn: async ({ choice, gst }: { choice: PurchaseChoice; gst: 'Yes' | 'No' }) =>
      choice.kind === 'plan'
        ? createSubscription(email, choice.planId, gst)
        : { ...(await createTrialPayment(email, gst)), subscription_id: null },
    onSuccess: (started) => {
      window.open(started.short_url, '_blank', 'noopener');
      setState({ asking: null, waitingUrl: started.short_url, message: null });
      if (started.subscription_id !== null) stopPolling.current = pollStatus(started.subscription_id, Date.now() + timing.subscriptionPollTimeoutMs, onSettled);
    },
    onError: (error) => setState({ asking: null, waitingUrl: null, message: { tone: 'error', text: shownText(error, billingMessages.somethingWentWrong) } }),
  });

  function answer(gst: 'Yes' | 'No') {
    const choice = answered.asking;
    if (!choice) return;
    setState({ asking: null, waitingUrl: null, message: null });
    starting.mutate({ choice, gst });
  }

  const state: PurchaseState = { ...answered, busy: starting.isPending };
  return {
    state,
    choose: (choice: PurchaseChoice) => setState((s) => ({ ...s, asking: choice, message: null })),
    dismiss: () => setState((s) => ({ ...s, asking: null })),
    answer,
  };
}
