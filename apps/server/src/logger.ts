/**
 * The slice of pino that services and adapters use, so they can log without depending on Fastify;
 * `app.log` satisfies it.
 */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
