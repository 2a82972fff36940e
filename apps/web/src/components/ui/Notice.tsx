export type NoticeTone = 'error' | 'success';

export interface NoticeMessage {
  tone: NoticeTone;
  text: string;
}

const toneClasses: Record<NoticeTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
};

/** An outcome next to the form it concerns: errors are alerts, successes are polite status updates. */
export function Notice({ message, className = '' }: { message: NoticeMessage; className?: string }) {
  return (
    <p
      role={message.tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${toneClasses[message.tone]} ${className}`}
    >
      {message.text}
    </p>
  );
}
