/** @echogarden/fvad-wasm 0.2.0: libfvad (the WebRTC voice activity detector) compiled with Emscripten. */
declare module '@echogarden/fvad-wasm' {
  export interface FvadModule {
    /** A new detector's handle (0 when out of memory). */
    _fvad_new(): number;
    _fvad_free(handle: number): void;
    _fvad_reset(handle: number): void;
    /** 0 (quality) … 3 (very aggressive): how readily a frame is called "not speech". 0 ok, -1 bad mode. */
    _fvad_set_mode(handle: number, mode: number): number;
    /** 8000, 16000, 32000 or 48000 Hz. 0 ok, -1 bad rate. */
    _fvad_set_sample_rate(handle: number, rate: number): number;
    /** A frame of 10, 20 or 30 ms of 16-bit samples at `pointer`: 1 speech, 0 not, -1 bad length. */
    _fvad_process(handle: number, pointer: number, samples: number): number;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    HEAP16: Int16Array;
  }
  const createFvad: (options?: object) => Promise<FvadModule>;
  export default createFvad;
}
