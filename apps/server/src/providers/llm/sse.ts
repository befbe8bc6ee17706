/**
 * Server-sent events, parsed incrementally: feed decoded text in any pieces (a line, an event or a
 * UTF-8 sequence may be split anywhere upstream), get back each complete event's data. Comment lines
 * (": keep-alive") and fields other than `data` are skipped.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];

  push(text: string): string[] {
    this.buffer += text;
    const events: string[] = [];
    // The usual case, "\n" line ends without "\r": plain indexOf, one slice per line.
    if (!this.buffer.includes('\r')) {
      let start = 0;
      for (let end = this.buffer.indexOf('\n'); end !== -1; end = this.buffer.indexOf('\n', start)) {
        this.line(this.buffer.slice(start, end), events);
        start = end + 1;
      }
      this.buffer = this.buffer.slice(start);
      return events;
    }
    let newline = this.buffer.search(/\r\n|\r|\n/);
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      // A lone \r at the very end may be the first half of \r\n: wait for more.
      if (width === 1 && this.buffer[newline] === '\r' && newline === this.buffer.length - 1) break;
      this.buffer = this.buffer.slice(newline + width);
      this.line(line, events);
      newline = this.buffer.search(/\r\n|\r|\n/);
    }
    return events;
  }

  /** End of stream: a last event without its blank line still counts. */
  end(): string[] {
    const events: string[] = [];
    if (this.buffer) this.line(this.buffer, events);
    this.buffer = '';
    this.line('', events);
    return events;
  }

  private line(line: string, events: string[]): void {
    if (line === '') {
      if (this.data.length > 0) events.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.data.push(value);
  }
}
