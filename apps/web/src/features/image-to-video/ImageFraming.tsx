import { centredImage, type ImageFocus } from '@reelsmith/contracts';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { dragged, movable, nudged, objectPosition, overflow } from './framing.ts';

const videoFrame = { width: 1080, height: 1920 };

interface ImageFramingProps {
  src: string;
  /** 'Image 3: beach.jpg', the picture's own alternative text. */
  alt: string;
  /** 1-based, as the frame is named: 'Framing of image 3'. */
  number: number;
  focus: ImageFocus;
  onFocus(focus: ImageFocus): void;
  /** Names the hint that says how to move it. */
  describedBy: string;
}

/**
 * The picture in a 9:16 frame exactly as the video crops it, moved by dragging (pointer events, so a finger works
 * too) or with the arrow keys. A picture that fits 9:16 has nothing to move and says so by not offering it.
 */
export function ImageFraming({ src, alt, number, focus, onFocus, describedBy }: ImageFramingProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const drag = useRef<{ pointer: number; x: number; y: number; from: ImageFocus } | null>(null);

  // Whether it can move is judged at the video's own size: a thumbnail would round a few pixels of room away.
  const videoRoom = natural ? overflow(natural, videoFrame) : { x: 0, y: 0 };
  const can = movable(videoRoom);
  const canMove = can.x || can.y;
  // Measured on use, not stored: the frame's size follows the layout (a phone's column, a resized window).
  const shownRoom = () => (natural && frame.current ? overflow(natural, { width: frame.current.clientWidth, height: frame.current.clientHeight }) : videoRoom);

  function start(event: PointerEvent<HTMLDivElement>) {
    if (!canMove || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, from: focus };
  }

  function move(event: PointerEvent<HTMLDivElement>) {
    const from = drag.current;
    if (!from || from.pointer !== event.pointerId) return;
    onFocus(dragged(from.from, { x: event.clientX - from.x, y: event.clientY - from.y }, shownRoom()));
  }

  const end = () => {
    drag.current = null;
  };

  function key(event: KeyboardEvent<HTMLDivElement>) {
    const next = nudged(focus, event.key, videoRoom);
    if (!next) return;
    event.preventDefault();
    onFocus(next);
  }

  // Only the axis the picture can move on is taken from the browser, so a phone still scrolls the page the other way.
  const touchAction = can.x && can.y ? 'none' : can.x ? 'pan-y' : can.y ? 'pan-x' : 'auto';

  return (
    <div className="flex flex-col gap-1">
      <div
        ref={frame}
        role="group"
        aria-label={`Framing of image ${number}`}
        aria-describedby={canMove ? describedBy : undefined}
        tabIndex={canMove ? 0 : -1}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onKeyDown={key}
        style={{ touchAction }}
        className={`aspect-[9/16] w-full overflow-hidden rounded-lg bg-gray-100 select-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:outline-none ${canMove ? 'cursor-grab active:cursor-grabbing' : ''}`}
      >
        <img
          src={src}
          alt={alt}
          draggable={false}
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          style={{ objectPosition: objectPosition(focus) }}
          className="pointer-events-none size-full object-cover"
        />
      </div>
      {canMove && (
        <button
          type="button"
          onClick={() => onFocus(centredImage)}
          aria-label={`Centre image ${number}`}
          className="self-start rounded text-xs font-semibold text-accent underline-offset-2 hover:underline"
        >
          Centre
        </button>
      )}
    </div>
  );
}
