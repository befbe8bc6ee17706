/** espeak-ng 1.0.2: the espeak-ng command line compiled with Emscripten (MODULARIZE, ES module). */
declare module 'espeak-ng' {
  interface ESpeakNgModule {
    FS: {
      readFile(path: string): Uint8Array;
      writeFile(path: string, data: string | Uint8Array): void;
    };
  }
  interface ESpeakNgOptions {
    arguments: string[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    quit?: (status: number, toThrow: unknown) => void;
    preRun?: Array<(module: ESpeakNgModule) => void>;
    /** WebAssembly objects (the server's TypeScript has no DOM lib to name them). */
    instantiateWasm?: (imports: object, done: (instance: object, module: object) => void) => object;
  }
  const ESpeakNg: (options: ESpeakNgOptions) => Promise<ESpeakNgModule>;
  export default ESpeakNg;
}
