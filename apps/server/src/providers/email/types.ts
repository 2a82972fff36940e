export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The actionable links of the mail, kept so the dev mailbox and tests can follow them. */
  links: string[];
}

export interface EmailSender {
  readonly kind: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
}
