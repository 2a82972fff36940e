import { useEffect, useRef, type ReactNode } from 'react';

/** A question (narrow), a choice among tiles (wide), or a whole tool such as the stock search (full). */
const sizes = {
  narrow: { box: 'w-[min(92vw,28rem)]', frame: 'gap-4 p-6', title: 'text-lg', body: '' },
  wide: { box: 'w-[calc(100%-2rem)] max-w-3xl', frame: 'gap-5 p-5 sm:p-6', title: 'text-xl', body: 'flex flex-col gap-5' },
  full: { box: 'h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-5xl', frame: 'h-full gap-4 p-4 sm:p-6', title: 'text-xl', body: 'flex min-h-0 flex-1 flex-col gap-4' },
};

export interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  size?: keyof typeof sizes;
  /** Adds a Close button beside the title, for dialogs without a button of their own that ends them. */
  closeButton?: boolean;
}

/** The native modal dialog: the browser traps focus, closes on Escape and restores focus to the opener. */
export function Dialog({ open, title, onClose, children, size = 'narrow', closeButton = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const look = sizes[size];
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      // A click on the backdrop lands on the <dialog> itself; the content fills the box, so clicks there do not.
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/40 ${look.box}`}
    >
      <div className={`flex flex-col ${look.frame}`}>
        <div className="flex items-start justify-between gap-4">
          <h2 className={`font-bold text-ink ${look.title}`}>{title}</h2>
          {closeButton && (
            <button type="button" onClick={onClose} aria-label="Close" className="-m-1 rounded-lg p-1 text-muted hover:bg-gray-100 hover:text-ink">
              <svg viewBox="0 0 20 20" aria-hidden="true" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </button>
          )}
        </div>
        <div className={look.body}>{children}</div>
      </div>
    </dialog>
  );
}
