import { dashboardMessages, dashboardNoteLinks, productIntroEntry, videoTypeTiles } from '@reelsmith/contracts';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { createVideoEntry } from './api.ts';

type Tile = (typeof videoTypeTiles)[number];

interface VideoTypeDialogProps {
  open: boolean;
  userId: string;
  /** The AI formats make motion templates on this server, so none takes an AI credit; unknown until the plan loads. */
  motionTemplates?: boolean;
  onClose: () => void;
}

const tileClasses =
  'flex h-full w-full flex-col items-start gap-1 rounded-lg border border-gray-200 bg-white p-4 text-left hover:border-accent hover:bg-accent-soft disabled:cursor-wait disabled:opacity-60';

function TileText({ tile, busy }: { tile: { title: string; length: string; makes: string }; busy?: boolean }) {
  return (
    <>
      <span className="flex items-center gap-2 font-semibold">
        {tile.title}
        {busy && <Spinner className="size-4" />}
      </span>
      <span className="text-sm text-muted">{tile.length}</span>
      <span className="text-sm">{tile.makes}</span>
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

/** SPEC §2 'Select Video Type'. */
export function VideoTypeDialog({ open, userId, motionTemplates, onClose }: VideoTypeDialogProps) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [failed, setFailed] = useState(false);

  /** A failure said last time is not said again when the dialog opens next. */
  function close() {
    setFailed(false);
    onClose();
  }

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
    <Dialog open={open} title="Select Video Type" onClose={close} size="wide" closeButton>
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
      <Link to={productIntroEntry.path} className={`${tileClasses} sm:flex-row sm:items-baseline sm:gap-3`}>
        <TileText tile={productIntroEntry} />
      </Link>
      {failed && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {dashboardMessages.createEntryFailed}
        </p>
      )}
      <div className="flex flex-col gap-1 text-sm text-muted">
        <p>{dashboardMessages.musicNote}</p>
        {motionTemplates ? (
          <p>{linkedNote(dashboardMessages.motionTemplatesNote)}</p>
        ) : (
          <p>
            {linkedNote(dashboardMessages.aiNote)} {dashboardMessages.aiNoteOthers}
          </p>
        )}
      </div>
    </Dialog>
  );
}
