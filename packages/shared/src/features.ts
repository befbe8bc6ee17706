/**
 * Which parts of the product are live. Copy (terms, privacy, paywall, limit cards, help) reads these
 * flags, so it promises only what exists (issue 9); the issue that builds a part flips its flag in the
 * same change that makes it work.
 */
const LIVE = {
  /** Plus and VIP can be bought (issue 13). Until then no button leads to a payment page. */
  payments: true,
  /** She sends photos of herself on request (issue 14). */
  companionPhotos: true,
  /** She sends videos; Plus's daily videos (issue 14). */
  videos: true,
  /** Voice messages to her, and her voice (issue 15). */
  voiceMessages: true,
  /** Voice calls with her; voice minutes per day (issue 15). */
  voiceCalls: true,
  /** Creation by likeness, /ex (issue 16). */
  likeness: true,
  /** The installable app and its higher daily limit (issue 12). */
  appInstall: true,
  /** Push notifications (issue 12). */
  push: true,
  /** The support form (issue 12): POST /api/support/contact, opened from the menu, the footer and the guide. */
  supportForm: true,
  /** The profile page: account, plan, limits left, companions (issue 12). */
  profile: true,
  /** Deleting the account and exporting chats by oneself; until then, on request to support. */
  selfServiceAccount: false,
};

export type ProductFeature = keyof typeof LIVE;
/** Typed as plain booleans, so code written for either value type-checks whichever way a flag is set. */
export const PRODUCT_FEATURES: Readonly<Record<ProductFeature, boolean>> = LIVE;
