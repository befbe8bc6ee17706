import { Loader, Text } from '@mantine/core';
import {
  FALLBACK_FIRST_MESSAGE,
  type Message,
  PRODUCT_FEATURES,
  SESSION_KEYS,
  STORAGE_KEYS,
  withAiIntro,
} from '@podruga/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useStore } from 'zustand';
import { countRedirect, parseRedirectLoopState } from '../../app/redirectLoop.ts';
import { usePageTitle } from '../../app/TitleSync.tsx';
import { ApiError } from '../../shared/api/ApiError.ts';
import { mediaSrc } from '../../shared/media.ts';
import { local, readJson, session } from '../../shared/storage.ts';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';
import { notify } from '../../shared/ui/notify.tsx';
import { authActions, selectIsMember, useAuth } from '../auth/store.ts';
import { useNeedsLoginWarning } from '../auth/useNeedsLoginWarning.ts';
import { useConfig } from '../config/api.ts';
import { VoiceCallHost } from '../voice/call/VoiceCallHost.tsx';
import { VoiceMessageHost } from '../voice/VoiceMessageHost.tsx';
import { AiMark } from './AiMark.tsx';
import { characterQuery, chatApi } from './api.ts';
import classes from './ChatPage.module.css';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { DemoLabel } from './DemoLabel.tsx';
import { InputBar } from './InputBar.tsx';
import { type ChatInit, initChat } from './init.ts';
import { MessageList } from './MessageList.tsx';
import { galleryItems } from './media/gallery.ts';
import { MediaDialogsHost } from './mediaDialogs/MediaDialogsHost.tsx';
import { isRateLimitCard } from './messages.ts';
import { createChatStore } from './store.ts';
import { localUnsent } from './unsent.ts';
import { useChatConnection } from './useChatConnection.ts';
import { whenSocketNeeded } from './userActivation.ts';

// The photo dialogs load on first use: Modal and friends stay out of the chat's first load (DESIGN §8).
/** Screens most visits never show load when shown: no companion yet, and the page's one-line answers. */
const NoCompanion = lazy(() => import('./NoCompanion.tsx').then((m) => ({ default: m.NoCompanion })));
const HomeButton = lazy(() =>
  import('../../shared/ui/HomeButton.tsx').then((m) => ({ default: m.HomeButton })),
);
const ImageUploadDialog = lazy(() =>
  import('./ImageUploadDialog.tsx').then((m) => ({ default: m.ImageUploadDialog })),
);
const ImageGallery = lazy(() => import('./ImageGallery.tsx').then((m) => ({ default: m.ImageGallery })));

/** 000 §4: more than 3 redirects and the chat stops sending a guest without a companion home. */
/**
 * The send code (send.ts, image.ts) is not needed to read the chat: it loads with the first tap or key
 * (userActivation.ts), before any send can be made, or at the first send (DESIGN §8).
 */
const loadSend = () => import('./send.ts');

const CHAT_REDIRECT_MAX = 3;

function allowHomeRedirect(): boolean {
  const verdict = countRedirect(
    parseRedirectLoopState(readJson(session, SESSION_KEYS.routerRedirectCount)),
    Date.now(),
    CHAT_REDIRECT_MAX,
  );
  session.set(SESSION_KEYS.routerRedirectCount, JSON.stringify(verdict.state));
  return verdict.allowed;
}

type PageState = { kind: 'loading' } | Exclude<ChatInit, { kind: 'redirect' }>;

/** /chat and /chat/:id (000 §2 "Chat screen"). */
export function ChatPage() {
  const { id: routeId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const store = useMemo(() => createChatStore({ unsent: localUnsent }), []);
  const messages = useStore(store, (s) => s.messages);
  const typing = useStore(store, (s) => s.typing);
  const limit = useStore(store, (s) => s.limit);
  const hasLimitCard = useStore(store, (s) => s.messages.some(isRateLimitCard));
  const demo = useConfig().providers.llm?.offline === true;
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [uploadOpened, setUploadOpened] = useState(false);
  const [uploadMounted, setUploadMounted] = useState(false);
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  useNeedsLoginWarning();

  const chat = state.kind === 'ready' ? state.chat : null;
  const chatId = chat?.id ?? null;
  const { socket, status: connection } = useChatConnection(chatId, token, store);
  useEffect(() => whenSocketNeeded(() => void loadSend(), []), []);

  // Chat initialisation (000 §4), again whenever the route's id changes.
  useEffect(() => {
    let cancelled = false;
    setState({ kind: 'loading' });
    (async () => {
      await authActions.initialize();
      const result = await initChat({
        api: chatApi,
        routeId,
        storedId: local.get(STORAGE_KEYS.currentChatId),
        isMember: selectIsMember(useAuth.getState()),
        allowHomeRedirect,
        // The header's companion comes alongside the history: one render and one round trip less.
        onChat: (found) => {
          if (found.character_id) void queryClient.prefetchQuery(characterQuery(found.character_id));
        },
      });
      if (cancelled) return;
      if (result.kind === 'redirect') {
        navigate(result.to, { replace: true });
        return;
      }
      // Nothing to come back to: "/" opened afresh must show step one, not send the user here again.
      if (result.kind === 'no_companion') local.remove(STORAGE_KEYS.lastVisitedPath);
      if (result.kind === 'ready') {
        local.set(STORAGE_KEYS.currentChatId, result.chat.id);
        store.getState().reset(result.chat.id, result.messages);
        // The greeting says she is an AI companion, as the server's does (issue 27).
        if (result.firstMessageFailed) {
          store.getState().addLocalAssistant(withAiIntro(FALLBACK_FIRST_MESSAGE, result.chat.id));
        }
      }
      // The whole chat appears in this render: as a transition React renders it in slices of a few ms
      // instead of one long task (DESIGN §8, TBT). The store update above re-renders only the loader.
      startTransition(() => setState(result));
    })().catch((error: unknown) => {
      console.error('chat init failed', error);
      if (!cancelled)
        setState({ kind: 'message', text: 'Не удалось открыть чат. Попробуйте обновить страницу.' });
    });
    return () => {
      cancelled = true;
    };
  }, [routeId, navigate, store, queryClient]);

  useEffect(() => () => store.getState().dispose(), [store]);

  // The cards follow the user's limit as it is now: asked when a card is on screen, and again whenever
  // the account changes (registered, upgraded, e-mail confirmed), so no card offers a stale step.
  const account = useAuth((s) =>
    s.user
      ? [
          s.user.id,
          s.user.membership_type,
          s.user.membership_expiry,
          s.user.email_verified,
          s.user.is_pwa_user,
        ].join()
      : '',
  );
  useEffect(() => {
    if (!chatId || !hasLimitCard || !account) return;
    const seq = store.getState().limitSeq;
    chatApi.messageLimits().then(
      (limits) => store.getState().setLimits(limits, seq),
      () => {},
    );
  }, [chatId, hasLimitCard, account, store]);

  const character = useQuery({
    ...characterQuery(chat?.character_id ?? ''),
    enabled: !!chat?.character_id,
  });
  const name = character.data?.name ?? null;
  usePageTitle(name ? `${name} — чат` : null);

  // Stable callbacks: the input bar and the list are memoised and skip the page's other re-renders
  // (the companion's name and avatar arriving, photo dialogs opening).
  const onSend = useCallback(
    (text: string) => {
      if (!chatId) return;
      void loadSend().then(({ sendText }) =>
        sendText(
          { store, socket: socket(), api: chatApi, notifyError: (t) => notify.error(t) },
          chatId,
          text,
        ),
      );
    },
    [chatId, store, socket],
  );

  const onRetry = useCallback(
    (id: string) => {
      const text = store.getState().retry(id);
      if (text) onSend(text);
    },
    [store, onSend],
  );

  // Her reply cut short goes on from its text (issue 17): over the socket, else over HTTP.
  const onContinue = useCallback(
    (id: string) => {
      store.getState().setTyping(true);
      void (async () => {
        const live = socket();
        if (live && (await live.continueReply(id))) return;
        try {
          const { reply, error } = await chatApi.continueReply(id);
          if (reply) store.getState().receive(reply);
          if (error) notify.error(error);
        } catch (error) {
          store.getState().setTyping(false);
          if (error instanceof ApiError) notify.error(error.detail);
        }
      })();
    },
    [store, socket],
  );

  const gallery = useMemo(() => galleryItems(messages), [messages]);
  // The retry's code loads with the first «Повторить» (DESIGN §8).
  const onRetryMedia = useCallback(
    (id: string) => import('./media/retry.ts').then((m) => m.retryHerMedia(store, id)),
    [store],
  );
  const galleryRef = useRef(gallery);
  galleryRef.current = gallery;
  const onOpenImage = useCallback((id: string) => {
    const index = galleryRef.current.findIndex((g) => g.id === id);
    if (index >= 0) setGalleryIndex(index);
  }, []);

  // A voice call's entry (000 §4): added at the start, updated in place at the end.
  const onCallEntry = useCallback((m: Message) => store.getState().receive(m), [store]);

  const openUpload = useCallback(() => {
    setUploadMounted(true);
    setUploadOpened(true);
  }, []);

  const onSendImage = (file: File, caption: string) => {
    if (!chatId) return;
    setUploadOpened(false);
    void Promise.all([loadSend(), import('./image.ts')]).then(([{ sendImage }, { readAsDataUrl }]) =>
      sendImage(
        {
          store,
          socket: socket(),
          api: chatApi,
          notifyError: (t) => notify.error(t),
          previewUrl: (blob) => URL.createObjectURL(blob),
          readBase64: readAsDataUrl,
        },
        chatId,
        file,
        caption,
      ),
    );
  };

  if (state.kind === 'loading') {
    return (
      <CenteredPage>
        <Loader color="grape" aria-label="Загрузка чата" />
      </CenteredPage>
    );
  }
  if (state.kind === 'no_companion') {
    return (
      <Suspense fallback={null}>
        <NoCompanion />
      </Suspense>
    );
  }
  if (state.kind === 'message') {
    return (
      <CenteredPage>
        <Text>{state.text}</Text>
        <Suspense fallback={null}>
          <HomeButton mt="sm" />
        </Suspense>
      </CenteredPage>
    );
  }

  const avatar = mediaSrc(character.data?.avatar ?? character.data?.image);
  return (
    <div className={classes.page}>
      <div className={classes.header}>
        {avatar ? (
          <img className={classes.avatar} src={avatar} alt="" />
        ) : (
          <span className={classes.avatar} />
        )}
        <Text fw={600} size="lg" component="h1">
          {name ?? ' '}
        </Text>
        <AiMark name={name} />
        {demo && <DemoLabel />}
      </div>
      <ConnectionBanner status={connection} />
      <MessageList
        messages={messages}
        typing={typing}
        limit={limit}
        onOpenImage={onOpenImage}
        onRetry={onRetry}
        onRetryMedia={onRetryMedia}
        onContinue={onContinue}
      />
      <InputBar onSend={onSend} onAttachPhoto={openUpload} />
      <MediaDialogsHost onSend={onSend} />
      {PRODUCT_FEATURES.voiceMessages && <VoiceMessageHost onSend={onSend} />}
      {PRODUCT_FEATURES.voiceCalls && chat?.character_id && (
        <VoiceCallHost
          characterId={chat.character_id}
          characterName={name ?? ''}
          characterAvatar={avatar}
          onEntry={onCallEntry}
        />
      )}
      <Suspense fallback={null}>
        {uploadMounted && (
          <ImageUploadDialog
            opened={uploadOpened}
            onClose={() => setUploadOpened(false)}
            onSend={onSendImage}
          />
        )}
        {galleryIndex !== null && (
          <ImageGallery
            images={gallery}
            index={galleryIndex}
            onIndex={setGalleryIndex}
            onClose={() => setGalleryIndex(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
