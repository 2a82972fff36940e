import { dashboardMessages, dashboardNoteLinks, productIntroEntry, videoTypeTiles, type VideoTypePreview } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { createVideoEntry, fetchTypePreviews } from './api.ts';

type Tile = (typeof videoTypeTiles)[number];

interface VideoTypeDialogProps {
  open: boolean;
  userId: string;
  /** The AI formats make motion templates on this server, so none takes an AI credit; unknown until the plan loads. */
  motionTemplates?: boolean;
  onClose: () => void;
}

const tileClasses =
  'flex h-full w-full items-start gap-3 rounded-lg border border-gray-200 bg-white p-3 text-left hover:border-accent hover:bg-accent-soft disabled:cursor-wait disabled:opacity-60';

/** While the previews are still being made on a first start, the dialog asks again this often. */
const previewsPollMs = 10_000;
const motionAllowed = () => !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** A muted loop of what the type makes; its poster alone where the user asked for less motion. Decorative: the tile's words name it. */
function TilePreview({ preview }: { preview: VideoTypePreview | undefined }) {
  const frame = 'aspect-[9/16] w-16 shrink-0 rounded-md bg-gray-100 object-cover sm:w-20';
  if (!preview) return <span aria-hidden="true" className={frame} />;
  if (!motionAllowed()) return <img src={preview.poster_url} alt="" className={frame} />;
  return <video src={preview.video_url} poster={preview.poster_url} muted loop autoPlay playsInline preload="metadata" aria-hidden="true" tabIndex={-1} className={frame} />;
}

function TileText({ tile, busy, preview }: { tile: { title: string; length: string; makes: string }; busy?: boolean; preview: VideoTypePreview | undefined }) {
  return (
    <>
      <TilePreview preview={preview} />
      <span className="flex min-w-0 flex-col gap-1">
        <span className="flex items-center gap-2 font-semibold">
          {tile.title}
          {busy && <Spinner className="size-4" />}
        </span>
        <span className="text-sm text-muted">{tile.length}</span>
        <span className="text-sm">{tile.makes}</span>
      </span>
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
  // Previews are decoration: a failed or slow answer leaves the tiles as words, never an error.
  const previews = useQuery({
    queryKey: ['video-type-previews'],
    queryFn: fetchTypePreviews,
    enabled: open,
    staleTime: 30 * 60_000,
    retry: false,
    refetchInterval: (query) => (query.state.data && query.state.data.size < videoTypeTiles.length + 1 ? previewsPollMs : false),
  });
  const previewOf = (id: string) => previews.data?.get(id);

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
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {videoTypeTiles.map((tile) => (
          <li key={tile.title}>
            {tile.createsEntry ? (
              <button type="button" className={tileClasses} onClick={() => void startEntry(tile)} disabled={creating} aria-busy={creating}>
                <TileText tile={tile} busy={creating} preview={previewOf(tile.preview)} />
              </button>
            ) : (
              <Link to={tile.path} className={tileClasses}>
                <TileText tile={tile} preview={previewOf(tile.preview)} />
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Link to={productIntroEntry.path} className={tileClasses}>
        <TileText tile={productIntroEntry} preview={previewOf(productIntroEntry.preview)} />
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
