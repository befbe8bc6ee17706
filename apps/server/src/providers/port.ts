/** What every provider port tells about itself: shown in GET /api/config and in the boot log. */
export interface ProviderInfo {
  /** e.g. 'smtp', 'outbox'. */
  readonly adapter: string;
  /** True for the built-in stand-in that needs no outside service. */
  readonly offline: boolean;
  /** One line for the boot log: where requests go and, when offline, how to switch to a real service. */
  describe(): string;
}
