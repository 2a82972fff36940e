import { useSession } from '../../lib/session.ts';

export function DashboardPage() {
  const { data: user } = useSession();
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
      {user && <p className="mt-2 break-words text-muted">Welcome, {user.email}</p>}
    </>
  );
}
