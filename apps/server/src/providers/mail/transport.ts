import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';

/**
 * A nodemailer transport made at the first mail, not at start: an idle server sends none, and the
 * library stays out of its memory until then (about 3 MB of heap; docs/PERFORMANCE.md, issue 18).
 */
export function lazyTransport<Info>(options: string | SMTPTransport.Options | StreamTransport.Options): {
  open(): Promise<Transporter<Info>>;
  close(): void;
} {
  let made: Promise<Transporter<Info>> | undefined;
  let transport: Transporter<Info> | undefined;
  return {
    open() {
      made ??= import('nodemailer').then(({ default: nodemailer }) => {
        transport = nodemailer.createTransport(options as SMTPTransport.Options) as Transporter<Info>;
        return transport;
      });
      return made;
    },
    close() {
      transport?.close();
    },
  };
}
