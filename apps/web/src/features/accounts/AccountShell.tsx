import { brand } from '@reelsmith/contracts';
import type { ReactNode } from 'react';
import { Wordmark } from '../../components/ui/Wordmark.tsx';

/** Decorative 9:16 reels on wide screens: they hint at what the product makes. */
function ReelStack() {
  const reels = ['-rotate-6 translate-y-6', 'z-10 scale-110', 'rotate-6 translate-y-6'];
  return (
    <div aria-hidden="true" className="hidden items-end justify-center gap-4 lg:flex">
      {reels.map((transform) => (
        <div
          key={transform}
          className={`flex aspect-[9/16] w-28 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/30 backdrop-blur xl:w-36 ${transform}`}
        >
          <span className="flex size-10 items-center justify-center rounded-full bg-white/90">
            <svg viewBox="0 0 24 24" className="ml-0.5 size-5 fill-accent">
              <path d="M8 5.5v13l10.5-6.5z" />
            </svg>
          </span>
        </div>
      ))}
    </div>
  );
}

/** The two-panel frame of /login, /signup and /reset-password: brand on one side, the form on the other. */
export function AccountShell({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh grid-rows-[auto_1fr] lg:grid-cols-2 lg:grid-rows-1">
      <aside className="flex flex-col gap-4 bg-gradient-to-br from-accent via-violet-700 to-fuchsia-700 px-6 py-6 text-white sm:px-10 lg:justify-between lg:gap-10 lg:p-14">
        <Wordmark inverted label={brand.name} className="h-8 w-auto self-start lg:h-10" />
        <ReelStack />
        <p className="max-w-lg text-lg leading-snug font-semibold sm:text-xl lg:text-3xl lg:leading-tight">
          {brand.tagline}
        </p>
      </aside>
      <main className="flex justify-center px-5 py-8 sm:px-10 lg:items-center lg:py-14">
        <div className="w-full max-w-sm">{children}</div>
      </main>
    </div>
  );
}
