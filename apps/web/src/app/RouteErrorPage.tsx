import { pageErrorTexts } from '@reelsmith/contracts';
import { Link } from 'react-router';
import { primaryLinkClasses } from '../components/ui/Button.tsx';
import { Wordmark } from '../components/ui/Wordmark.tsx';

/**
 * Shown in place of any page that throws while rendering: a plain explanation and the way home, never the stack
 * (the error itself is not shown or logged: SPEC §9 keeps the console quiet).
 */
export function RouteErrorPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-start justify-center gap-4 px-6">
      <Wordmark className="h-8" label="Reelsmith" />
      <h1 className="text-2xl font-bold tracking-tight">{pageErrorTexts.title}</h1>
      <p className="text-muted">{pageErrorTexts.body}</p>
      <Link to="/dashboard" className={primaryLinkClasses}>
        {pageErrorTexts.home}
      </Link>
    </main>
  );
}
