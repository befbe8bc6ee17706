import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pcmWav } from '../wav.ts';
import type { VoiceChoice } from './port.ts';

/**
 * Russian speech from espeak-ng (the `espeak-ng` package: its command line compiled to WASM, the voice
 * data inside the WASM). Each call runs the program once in a fresh instance of the compiled module
 * (a clean heap; compiling happens once). It holds its thread for 0.1–1 s, so the offline port calls
 * it from a worker thread (espeak-worker.ts).
 */

/** espeak-ng's female variants, one per timbre. */
const VARIANTS = ['f3', 'f2', 'f4', 'f1'] as const;

/** Node's WebAssembly, typed here: the server's TypeScript has no DOM lib that declares it. */
interface Wasm {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

let compiled: Promise<object> | undefined;

function wasmModule(): Promise<object> {
  compiled ??= (async () => {
    const main = createRequire(import.meta.url).resolve('espeak-ng');
    const bytes = await readFile(new URL('espeak-ng.wasm', `file://${main}`));
    return wasm.compile(bytes);
  })();
  compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

/** The command line for a voice: Russian, her variant, pitch 0–99 around 55, speed in words a minute. */
export function espeakArguments(voice: VoiceChoice): string[] {
  const variant = VARIANTS[Math.abs(Math.trunc(voice.timbre)) % VARIANTS.length];
  const pitch = Math.round(Math.min(90, Math.max(20, 55 + voice.pitch * 25)));
  const speed = Math.round(Math.min(220, Math.max(120, 165 * voice.rate)));
  return ['-v', `ru+${variant}`, '-p', String(pitch), '-s', String(speed), '-b', '1'];
}

export class EspeakError extends Error {
  override name = 'EspeakError';
}

/** Speaks `text` (UTF-8) and returns a 16-bit PCM mono WAV. */
export async function speakWav(text: string, voice: VoiceChoice): Promise<Buffer> {
  const module = await wasmModule();
  const { default: ESpeakNg } = await import('espeak-ng');
  let status = 0;
  const errors: string[] = [];
  const instance = await ESpeakNg({
    // The text goes in a file: as an argument, a text starting with "-" would read as an option.
    arguments: [...espeakArguments(voice), '-f', '/in.txt', '-w', '/out.wav'],
    preRun: [(m) => m.FS.writeFile('/in.txt', text)],
    instantiateWasm: (imports, done) => {
      void wasm.instantiate(module, imports).then((made) => done(made, module));
      return {};
    },
    // Never the process's exit code (the program's own quit sets process.exitCode).
    quit: (code, toThrow) => {
      status = code;
      throw toThrow;
    },
    print: () => {},
    printErr: (line) => void errors.push(line),
  });
  if (status !== 0) throw new EspeakError(`espeak-ng exited with ${status}: ${errors.join(' ')}`);
  return normalizeWav(Buffer.from(instance.FS.readFile('/out.wav')));
}

/**
 * espeak-ng's WAV, rewritten with a header made here: a 44-byte RIFF/WAVE header with the real sizes
 * around its PCM samples (espeak writes the sizes of a stream it could not rewind).
 */
export function normalizeWav(wav: Buffer): Buffer {
  if (
    wav.length < 12 ||
    wav.toString('latin1', 0, 4) !== 'RIFF' ||
    wav.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    throw new EspeakError('espeak-ng wrote no WAV');
  }
  let offset = 12;
  let sampleRate = 22050;
  let channels = 1;
  let bits = 16;
  let data: Buffer | undefined;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = wav.readUInt16LE(body + 2);
      sampleRate = wav.readUInt32LE(body + 4);
      bits = wav.readUInt16LE(body + 14);
    } else if (id === 'data') {
      // A size espeak could not fill in (0 or past the end) means "the rest of the file".
      const end = size > 0 && body + size <= wav.length ? body + size : wav.length;
      data = wav.subarray(body, end - ((end - body) % 2));
      break;
    }
    offset = body + size + (size % 2);
  }
  if (!data || bits !== 16 || channels !== 1) throw new EspeakError('espeak-ng wrote an unexpected WAV');
  return pcmWav(data, sampleRate);
}
