import { dashboardMessages, dashboardNoteLinks, videoTypeTiles } from '@reelsmith/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { createVideoEntry } from './api.ts';

type Tile = (typeof videoTypeTiles)[number];

interface VideoTypeDialogProps {
  open: boolean;
  userId: string;
  onClose: () => void;
}

const tileClasses =
  'flex h-full w-full flex-col items-start gap-1 rounded-lg border border-gray-200 bg-white p-4 text-left hover:border-accent hover:bg-accent-soft disabled:cursor-wait disabled:opacity-60';

function TileText({ tile, busy }: { tile: Tile; busy?: boolean }) {
  return (
    <>
      <span className="flex items-center gap-2 font-semibold">
        {tile.title}
        {busy && <Spinner className="size-4" />}
      </span>
      <span className="text-sm text-muted">{tile.length}</span>
    </>
  );
}

/** A note with the words of dashboardNoteLinks as links to their pages. */
function linkedNote(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let rest = text;
  for (;;) {
    const [next] = dashboardNoteLinks
      .map((link) => ({ link, at: rest.indexOf(link.text) }))
      .filter((found) => found.at >= 0)
      .sort((a, b) => a.at - b.at);
    if (!next) break;
    parts.push(
      rest.slice(0, next.at),
      <Link key={parts.length} to={next.link.path} className="font-semibold text-accent underline underline-offset-2 hover:text-accent-strong">
        {next.link.text}
      </Link>,
    );
    rest = rest.slice(next.at + next.link.text.length);
  }
  parts.push(rest);
  return parts;
}

/**
 * SPEC §2 'Select Video Type'. A native modal <dialog>: the browser makes the page behind it inert (focus stays
 * inside) and closes it on Escape.
 */
export function VideoTypeDialog({ open, userId, onClose }: VideoTypeDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setFailed(false);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  /** Add B-Rolls starts its video entry before the page opens (SPEC §2 table), and the page opens on it. */
  async function startEntry(tile: Tile) {
    setFailed(false);
    setCreating(true);
    try {
      const videoId = await createVideoEntry({ user_id: userId, video_type: 'add-brolls' });
      // The page edits exactly this entry, so another draft in progress never mixes in.
      await navigate(`${tile.path}?project=${encodeURIComponent(videoId)}`);
    } catch {
      setFailed(true);
    } finally {
      setCreating(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      // A click on the backdrop lands on the <dialog> itself; the content fills the box, so clicks there do not.
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="m-auto w-[calc(100%-2rem)] max-w-3xl rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            Select Video Type
          </h2>
          <button type="button" onClick={onClose} aria-label="Close" className="-m-1 rounded-lg p-1 text-muted hover:bg-gray-100 hover:text-ink">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </button>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {videoTypeTiles.map((tile) => (
            <li key={tile.title}>
              {tile.createsEntry ? (
                <button type="button" className={tileClasses} onClick={() => void startEntry(tile)} disabled={creating} aria-busy={creating}>
                  <TileText tile={tile} busy={creating} />
                </button>
              ) : (
                <Link to={tile.path} className={tileClasses}>
                  <TileText tile={tile} />
                </Link>
              )}
            </li>
          ))}
        </ul>
        {failed && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {dashboardMessages.createEntryFailed}
          </p>
        )}
        <div className="flex flex-col gap-1 text-sm text-muted">
          <p>{dashboardMessages.musicNote}</p>
          <p>{linkedNote(dashboardMessages.aiNote)}</p>
        </div>
      </div>
    </dialog>
  );
}
