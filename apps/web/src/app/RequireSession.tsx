import { sessionMessages } from '@reelsmith/contracts';
import { Navigate, Outlet } from 'react-router';
import { Button } from '../components/ui/Button.tsx';
import { Spinner } from '../components/ui/Spinner.tsx';
import { useSession } from '../lib/session.ts';

/** Signed-in pages render only with a session; without one the visitor goes to /login. */
export function RequireSession() {
  const session = useSession();

  if (session.data) return <Outlet />;
  if (session.data === null) return <Navigate to="/login" replace />;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      {session.isError ? (
        <>
          <p role="alert" className="font-medium text-red-800">
            {sessionMessages.checkFailed}
          </p>
          <Button onClick={() => void session.refetch()}>Retry</Button>
        </>
      ) : (
        <div role="status" className="flex flex-col items-center gap-3">
          <Spinner className="size-8" />
          <p className="text-muted">{sessionMessages.checking}</p>
        </div>
      )}
    </main>
  );
}
