import { pageNotes } from '@reelsmith/contracts';

/** Stands in for a signed-in page whose feature has not been built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-3 text-muted">{pageNotes.notBuilt}</p>
    </>
  );
}
