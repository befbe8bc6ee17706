import { errorText } from '../../../shared/api/index.ts';
import { notify } from '../../../shared/ui/notify.tsx';
import { type ChatApi, chatApi } from '../api.ts';
import type { ChatStore } from '../store.ts';

/** When the server gave no reason of its own (issue 14). */
export const MEDIA_RETRY_FAILED = 'Не удалось повторить запрос. Попробуйте ещё раз.';

export interface MediaRetryDeps {
  api: Pick<ChatApi, 'retryMedia'>;
  notifyError: (text: string) => void;
}

const defaultDeps: MediaRetryDeps = { api: chatApi, notifyError: (text) => notify.error(text) };

/**
 * «Повторить» under her failed photo or video: the server asks for it again and answers the message,
 * pending again, which replaces the failed one in place (its progress starts over). A refusal (the day's
 * allowance, a message no longer hers) leaves it failed and says why in a toast: the server's `detail`.
 */
export async function retryHerMedia(
  store: ChatStore,
  messageId: string,
  deps: MediaRetryDeps = defaultDeps,
): Promise<void> {
  try {
    store.getState().receive(await deps.api.retryMedia(messageId));
  } catch (error) {
    deps.notifyError(errorText(error, MEDIA_RETRY_FAILED));
  }
}
