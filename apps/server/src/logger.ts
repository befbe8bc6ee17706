/**
 * The slice of pino that services and adapters use, so they can log without depending on Fastify;
 * `app.log` satisfies it.
 */
export interface Logger {
  /** Details for an operator who turned the level down (pino's debug); optional for the tests' loggers. */
  debug?(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
