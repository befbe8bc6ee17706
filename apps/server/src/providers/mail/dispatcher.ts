import type { Logger } from '../../logger.ts';
import type { Mail, MailPort } from './port.ts';

/**
 * Sends mail off the request path: a slow or failing mail server never delays or fails the HTTP reply,
 * failures are logged. `drain()` waits for everything in flight (graceful shutdown, tests).
 */
export class MailDispatcher {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly port: MailPort,
    private readonly log: Logger,
  ) {}

  dispatch(mail: Mail): void {
    const sending = this.port
      .send(mail)
      .catch((error: unknown) => {
        this.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail: sending failed');
      })
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }
}
