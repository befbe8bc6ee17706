import { Alert, Button, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { spinnerSize } from '@podruga/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { notify } from '../../shared/ui/notify.tsx';
import { usePaywall } from '../paywall/paywallStore.ts';
import { creationApi } from './api.ts';
import { CharacterDetails } from './CharacterDetails.tsx';
import { toCharacterInput, toGenerateBody } from './draft.ts';
import classes from './GenerationPage.module.css';
import { generatePortrait, generationAllowed } from './generation.ts';
import { imageSrc, pngToJpeg } from './image.ts';
import { PortraitPreview } from './PortraitPreview.tsx';
import { ensureCanCreateCompanion } from './quota.ts';
import { START_CHAT_FAILED, type StartChatProgress, startChat } from './startChat.ts';
import { CREATION_TEXTS, getToKnowLabel } from './texts.ts';
import { draftStore, useDraft } from './useDraft.ts';

type Phase = 'loading' | 'ready' | 'error' | 'blocked';

function useSpinnerSize(): number {
  const [size, setSize] = useState(() => spinnerSize(window.innerWidth));
  useEffect(() => {
    const onResize = () => setSize(spinnerSize(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** The accusative of the name for 'Узнать {name} ближе', from the server; the plain name until then. */
function useAccusative(name: string): string {
  const { data } = useQuery({
    queryKey: ['inflect', 'accusative', name],
    queryFn: () => creationApi.inflect(name, 'accusative'),
    enabled: name.trim() !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? name;
}

/** The generation page (001 §2, §4): portrait, details, respawn, and the start of the chat. */
export function GenerationPage() {
  // Decided once, on entry, from the source the wizard left (001 §4). Never again while the page is
  // shown: once her chat starts the draft is cleared, and a guard reading the live store would send the
  // user to /profile while the chat's page is still loading (issue 9).
  const [allowed] = useState(() => generationAllowed(draftStore.getState().lastNavigationSource));
  if (!allowed) return <Navigate to="/profile" replace />;
  return <Generation />;
}

function Generation() {
  const d = useDraft((s) => s);
  const navigate = useNavigate();
  const spinner = useSpinnerSize();
  const accusative = useAccusative(d.herName);
  const [phase, setPhase] = useState<Phase>(d.generatedImage && !d.isInitialGeneration ? 'ready' : 'loading');
  const [error, setError] = useState<string | null>(null);
  const [respawning, setRespawning] = useState(false);
  const [starting, setStarting] = useState(false);
  const [preview, setPreview] = useState(false);
  const started = useRef(false);
  const progress = useRef<StartChatProgress>({});
  /** Her chat exists and the user is on the way to it: the draft is cleared when this page is gone. */
  const chatStarted = useRef(false);

  // The draft is cleared when the page actually unmounts, not right after `navigate`: the chat's route
  // loads lazily, and React keeps this page on screen meanwhile; a change to the draft then would
  // re-render it with the next companion's empty form (issue 9).
  useEffect(
    () => () => {
      if (chatStarted.current) draftStore.getState().reset();
    },
    [],
  );

  const generate = useCallback(async (respawn: boolean) => {
    const s = draftStore.getState();
    if (!respawn) {
      setPhase('loading');
      // Checked again here: a reload of /generation skips the wizard's buttons.
      if (!(await ensureCanCreateCompanion())) {
        setPhase('blocked');
        return;
      }
    } else {
      setRespawning(true);
    }
    setError(null);
    const body = toGenerateBody(s, s.characterId, respawn ? s.usedModels : []);
    const result = await generatePortrait({ api: creationApi }, body);
    setRespawning(false);
    if (result.ok) {
      draftStore.getState().addImage(result.image, result.model, respawn);
      setPhase('ready');
      return;
    }
    if (result.exhausted) draftStore.getState().exhaustRespawns();
    if (result.paywall) usePaywall.getState().open(result.paywall);
    if (respawn) {
      notify.error(result.message);
      return;
    }
    setError(result.message);
    setPhase(result.paywall ? 'blocked' : 'error');
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const s = draftStore.getState();
    if (!s.generatedImage || s.isInitialGeneration) void generate(false);
  }, [generate]);

  async function begin() {
    const s = draftStore.getState();
    if (!s.generatedImage || starting) return;
    setStarting(true);
    let jpeg: Blob;
    try {
      jpeg = await pngToJpeg(s.generatedImage);
    } catch {
      setStarting(false);
      notify.error(`${START_CHAT_FAILED}: не удалось подготовить портрет`);
      return;
    }
    // A second press after a navigation that did not happen resumes: every step already done is skipped.
    const result = await startChat(creationApi, {
      character: toCharacterInput(s, s.characterId, s.imageModel),
      jpeg,
      progress: progress.current,
    });
    if (!result.ok) {
      setStarting(false);
      if (result.paywall) usePaywall.getState().open(result.paywall);
      else notify.error(result.message);
      return;
    }
    chatStarted.current = true;
    // Replace: the back button does not return to the generation page (001 §4). Nothing on this page
    // changes after this (the button stays busy) until the chat's page replaces it.
    void navigate(`/chat/${result.chatId}`, { replace: true });
  }

  const exhausted = d.regenerateCount >= d.regenerateLimit;
  const left = Math.max(0, d.regenerateLimit - d.regenerateCount);
  const currentIndex = Math.max(0, d.generatedImage ? d.variants.lastIndexOf(d.generatedImage) : 0);

  if (phase === 'loading' || phase === 'blocked' || phase === 'error') {
    return (
      <div className={classes.center}>
        {phase === 'loading' && (
          <Stack align="center" gap="md" role="status" aria-live="polite">
            <Loader size={spinner} color="pink" aria-hidden="true" />
            <Title order={1} size="h3">
              {CREATION_TEXTS.generatingTitle}
            </Title>
            <Text c="dimmed" size="sm">
              Рисуем портрет — это займёт несколько секунд.
            </Text>
          </Stack>
        )}
        {phase === 'error' && (
          <Stack align="center" gap="md" maw={480}>
            <Alert color="red" variant="light" title="Портрет не получился" w="100%">
              {error}
            </Alert>
            <Button onClick={() => void generate(false)}>{CREATION_TEXTS.retry}</Button>
            <Button variant="subtle" onClick={() => navigate('/')}>
              Изменить подругу
            </Button>
          </Stack>
        )}
        {phase === 'blocked' && (
          <Stack align="center" gap="md" maw={480} ta="center">
            <Title order={1} size="h3">
              Новую подругу пока не создать
            </Title>
            <Text c="dimmed">{error ?? 'Достигнут лимит подруг для твоего аккаунта.'}</Text>
            <Button onClick={() => usePaywall.getState().open()}>Узнать о Plus</Button>
            <Button variant="subtle" onClick={() => void generate(false)}>
              {CREATION_TEXTS.retry}
            </Button>
          </Stack>
        )}
      </div>
    );
  }

  return (
    <div className="page-container">
      <Title order={1} className={`page-title ${classes.title}`}>
        {CREATION_TEXTS.readyTitle}
      </Title>
      <div className={classes.layout}>
        <div className={classes.portraitColumn}>
          <UnstyledButton
            className={classes.portrait}
            onClick={() => setPreview(true)}
            aria-label="Открыть портрет крупно"
            disabled={respawning}
          >
            {d.generatedImage && (
              <img
                src={imageSrc(d.generatedImage)}
                alt={`Портрет: ${d.herName}`}
                width={1024}
                height={1024}
              />
            )}
            {respawning && (
              <span className={classes.portraitOverlay}>
                <Loader color="pink" size={spinner / 2} aria-label="Пересоздаём портрет" />
              </span>
            )}
          </UnstyledButton>
          <Button
            variant="default"
            fullWidth
            mt="sm"
            disabled={exhausted || respawning || starting}
            loading={respawning}
            onClick={() => void generate(true)}
          >
            {exhausted ? CREATION_TEXTS.respawnExhausted : `${CREATION_TEXTS.respawn} (осталось ${left})`}
          </Button>
        </div>
        <Stack gap="lg" className={classes.details}>
          <CharacterDetails draft={d} />
          <Button size="lg" onClick={() => void begin()} loading={starting} disabled={respawning}>
            {getToKnowLabel(accusative)}
          </Button>
        </Stack>
      </div>
      <PortraitPreview
        opened={preview}
        images={d.variants}
        index={currentIndex}
        name={d.herName}
        onIndex={(i) => draftStore.getState().showVariant(i)}
        onClose={() => setPreview(false)}
      />
    </div>
  );
}
