/** The text/plain body of a raw message as nodemailer writes it (base64 or quoted-printable). */
export function plainTextOf(raw: string): string {
  const part =
    /Content-Type: text\/plain[^\n]*\r?\nContent-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(
      raw,
    );
  if (!part?.[2]) throw new Error(`no text/plain part in:\n${raw.slice(0, 500)}`);
  const [, encoding, body] = part;
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface LocalSmtp {
  url: string;
  received: ReceivedMail[];
  /** Refuses the next `n` messages with a temporary failure (451), as a mail server that is down. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (smtp-server), for the mail port's adapters and the jobs that use them. */
export async function listenSmtp(): Promise<LocalSmtp> {
  const { SMTPServer } = await import('smtp-server');
  const received: ReceivedMail[] = [];
  let failing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failing > 0) {
          failing -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext: (n) => {
      failing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
