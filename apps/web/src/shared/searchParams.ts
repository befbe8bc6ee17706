/**
 * A `setSearchParams` updater that drops the named parameters: the pages' query actions (`needsLogin`,
 * `showPrivacy`, `authRequired`) are handled once and then leave the address, so a reload does not repeat
 * them.
 */
export function withoutParams(...names: string[]): (params: URLSearchParams) => URLSearchParams {
  return (params) => {
    for (const name of names) params.delete(name);
    return params;
  };
}
