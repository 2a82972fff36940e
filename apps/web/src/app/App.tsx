import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { usePlanChangesFromOtherTabs } from '../lib/planChanges.ts';
import { createAppRouter } from './router.tsx';

function PlanChangesFromOtherTabs() {
  usePlanChangesFromOtherTabs();
  return null;
}

export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <PlanChangesFromOtherTabs />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
