// The call's microphone tap (an AudioWorklet, loaded by URL from this origin: no blob: in the CSP).
// It posts the first channel's samples in batches of 2,048 (about 43 ms at 48 kHz); the page turns
// them into 16 kHz PCM frames (pcm.ts).
const BATCH = 2048;

class PodrugaPcmCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.batch = new Float32Array(BATCH);
    this.filled = 0;
  }

  process(inputs) {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    let at = 0;
    while (at < channel.length) {
      const take = Math.min(channel.length - at, BATCH - this.filled);
      this.batch.set(channel.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === BATCH) {
        this.port.postMessage(this.batch, [this.batch.buffer]);
        this.batch = new Float32Array(BATCH);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('podruga-pcm-capture', PodrugaPcmCapture);
