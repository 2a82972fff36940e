import { Spinner } from './Spinner.tsx';

/** Full-screen busy state: covers the page so nothing is clicked twice, and announces what is happening. */
export function BusyOverlay({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 p-6 backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-4 rounded-xl bg-white px-8 py-6 shadow-lg ring-1 ring-black/5">
        <Spinner />
        <p className="text-lg font-semibold">{text}</p>
      </div>
    </div>
  );
}
