import { billingMessages, type PurchasablePlanId } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { NoticeMessage } from '../../components/ui/Notice.tsx';
import { shownText } from '../../lib/client.ts';
import { announcePlanChange } from '../../lib/planChanges.ts';
import { cancelPlanChange, changePlan } from './api.ts';

export interface PlanSwitch {
  planId: PurchasablePlanId;
  /** The plan this page shows: the server refuses the switch if another tab changed it meanwhile. */
  fromPlanId: PurchasablePlanId;
  /** A dearer plan applies now; a cheaper one at the end of the period. */
  direction: 'upgrade' | 'downgrade';
}

/**
 * Switching a paid plan from the plan cards: a confirmation, then the server's answer as a notice. The server decides
 * (upgrade now or at period end) and refuses what it must; either way the plan and invoices are read again, here and
 * in the app's other tabs.
 */
export function usePlanChange(email: string, refresh: () => void, onMessage: (message: NoticeMessage) => void) {
  const [confirming, setConfirming] = useState<PlanSwitch | null>(null);
  const settled = () => {
    refresh();
    announcePlanChange();
  };
  const switching = useMutation({
    mutationFn: (change: PlanSwitch) => changePlan(email, change.planId, change.fromPlanId),
    onSuccess: (result) => onMessage({ tone: 'success', text: result.message }),
    onError: (error) => onMessage({ tone: 'error', text: shownText(error, billingMessages.changeFailed) }),
    onSettled: settled,
  });
  const keeping = useMutation({
    mutationFn: () => cancelPlanChange(email),
    onSuccess: (result) => onMessage({ tone: 'success', text: result.message }),
    onError: (error) => onMessage({ tone: 'error', text: shownText(error, billingMessages.changeFailed) }),
    onSettled: settled,
  });
  return {
    confirming,
    busy: switching.isPending || keeping.isPending,
    ask: setConfirming,
    dismiss: () => setConfirming(null),
    confirm() {
      if (!confirming) return;
      setConfirming(null);
      switching.mutate(confirming);
    },
    keepCurrentPlan: () => keeping.mutate(),
  };
}
