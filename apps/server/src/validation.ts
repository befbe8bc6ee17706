const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path id can name a row at all: the services answer 404 for anything else before asking the
 * database (PostgreSQL would refuse to compare it with a uuid column). Request shapes are checked by
 * the routes' schemas, not here.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
