/**
 * Her streamed reply cut into sentences as the deltas arrive, so the first one is spoken while the
 * model still writes the rest. A sentence ends at . ! ? … (with closing quotes or brackets) followed
 * by a space, or at a line break; a run with no end longer than `maxChars` is cut at a comma or a space.
 */
export class SentenceSplitter {
  private buffer = '';

  constructor(private readonly maxChars = 180) {}

  push(delta: string): string[] {
    this.buffer += delta;
    const out: string[] = [];
    for (;;) {
      const end = /[.!?…]+["'»”)\]]*\s|\n/.exec(this.buffer);
      let cut: number;
      if (end) cut = end.index + end[0].length;
      else if (this.buffer.length > this.maxChars) {
        const head = this.buffer.slice(0, this.maxChars);
        const soft = Math.max(head.lastIndexOf(', '), head.lastIndexOf('; '), head.lastIndexOf(' — '));
        const space = head.lastIndexOf(' ');
        cut = (soft > this.maxChars / 3 ? soft + 1 : space > 0 ? space : this.maxChars) + 1;
      } else break;
      const sentence = this.buffer.slice(0, cut).trim();
      this.buffer = this.buffer.slice(cut);
      if (sentence) out.push(sentence);
    }
    return out;
  }

  /** What is left at the end of the reply. */
  flush(): string[] {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest ? [rest] : [];
  }
}
