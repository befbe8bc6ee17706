import type { ProviderInfo } from '../port.ts';

/** One e-mail, already rendered. The sender address is the adapter's; the display name is the brand's. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  fromName: string;
  /** Where replies go when it is not the sender (a support request: the user's address). */
  replyTo?: string;
}

export interface MailPort extends ProviderInfo {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
