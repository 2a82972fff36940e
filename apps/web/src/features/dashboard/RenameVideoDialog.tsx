import { dashboardTexts, videoTitleMaxLength, type VideoItem } from '@reelsmith/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';

interface RenameVideoDialogProps {
  video: VideoItem | null;
  onClose: () => void;
  onRename: (videoId: string, title: string) => Promise<void>;
}

function RenameForm({ video, onClose, onRename }: { video: VideoItem } & Omit<RenameVideoDialogProps, 'video'>) {
  const [title, setTitle] = useState(video.title);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await onRename(video.id, title.trim());
      onClose();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <label htmlFor="video-title" className="text-sm font-medium">
        {dashboardTexts.renameVideoField}
      </label>
      <input
        id="video-title"
        value={title}
        required
        maxLength={videoTitleMaxLength}
        onChange={(event) => setTitle(event.target.value)}
        className="rounded-lg border border-gray-300 px-3 py-2"
      />
      {failed && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {dashboardTexts.renameVideoFailed}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !title.trim()}>
          {dashboardTexts.renameVideoSave}
        </Button>
      </div>
    </form>
  );
}

export function RenameVideoDialog({ video, onClose, onRename }: RenameVideoDialogProps) {
  return (
    <Dialog open={video !== null} title={dashboardTexts.renameVideoTitle} onClose={onClose}>
      {video && <RenameForm key={video.id} video={video} onClose={onClose} onRename={onRename} />}
    </Dialog>
  );
}
