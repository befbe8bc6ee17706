import { Button, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { LIKENESS_RULES, LIKENESS_TEXTS, LLM_PROCESS_FALLBACKS } from '@podruga/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/ui/notify.tsx';
import { likenessApi } from './api.ts';
import { finishLikeness } from './flow.ts';
import { likenessStore, useLikeness } from './store.ts';
import { UpsellDialog } from './UpsellDialog.tsx';
import { usePlus } from './usePlus.ts';

/** /exgenerate (001 §4): the previews drawn from the traits; the chosen one becomes her portrait. */
export function ExGeneratePage() {
  const navigate = useNavigate();
  const { plus, known } = usePlus();
  const previews = useLikeness((s) => s.previews);
  const selected = useLikeness((s) => s.selectedIndex);
  const name = useLikeness((s) => s.character?.name ?? '');
  const characterPrompt = useLikeness((s) => s.characterPrompt);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [upsell, setUpsell] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function choose(): Promise<void> {
    if (busy || done) return;
    if (selected === null) {
      notify.error(LIKENESS_TEXTS.noImageSelected);
      return;
    }
    setBusy(true);
    const result = await finishLikeness(likenessApi);
    setBusy(false);
    if (!result.ok) {
      if (result.upsell) setUpsell(true);
      else notify.error(result.message);
      return;
    }
    setDone(true);
    timer.current = setTimeout(() => {
      likenessStore.reset();
      navigate(`/chat/${result.chatId}`, { replace: true });
    }, LIKENESS_RULES.navigateDelayMs);
  }

  if (previews.length === 0 && !done) {
    return (
      <div className="page-container">
        <Stack align="center" gap="md" py="xl">
          <Title order={1}>{LIKENESS_TEXTS.title}</Title>
          <Text>{LIKENESS_TEXTS.nothingPrepared}</Text>
          <Button onClick={() => navigate('/ex')}>{LIKENESS_TEXTS.backToForm}</Button>
        </Stack>
        <UpsellDialog opened={known && !plus} />
      </div>
    );
  }

  const aiNote = characterPrompt && characterPrompt !== LLM_PROCESS_FALLBACKS.character_prompt;

  return (
    <div className="page-container">
      <Stack gap="lg" maw={900} mx="auto">
        <div>
          <Title order={1}>{LIKENESS_TEXTS.generateTitle}</Title>
          <Text c="dimmed" mt="xs">
            {LIKENESS_TEXTS.generateHint}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 3 }} role="radiogroup" aria-label={LIKENESS_TEXTS.generateTitle}>
          {previews.map((preview, index) => (
            <UnstyledButton
              key={preview.preview_token}
              role="radio"
              aria-checked={selected === index}
              aria-label={`Портрет ${index + 1}`}
              onClick={() => likenessStore.set({ selectedIndex: index })}
              disabled={busy || done}
            >
              <Paper
                withBorder
                p={4}
                radius="md"
                style={{
                  borderWidth: selected === index ? 3 : 1,
                  borderColor: selected === index ? 'var(--mantine-color-pink-6)' : undefined,
                }}
              >
                <img
                  src={`data:image/png;base64,${preview.image_data}`}
                  alt={`Портрет ${index + 1} — ${name}`}
                  style={{ width: '100%', display: 'block', borderRadius: 8 }}
                />
                <Text size="xs" c="dimmed" ta="center" mt={4}>
                  {preview.model_display_name}
                </Text>
              </Paper>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {aiNote && (
          <Paper withBorder p="md">
            <Text fw={600} size="sm">
              {LIKENESS_TEXTS.aiNotesTitle}
            </Text>
            <Text size="sm">{characterPrompt}</Text>
          </Paper>
        )}
        <Button size="lg" onClick={() => void choose()} loading={busy} disabled={done}>
          {busy ? LIKENESS_TEXTS.creating : LIKENESS_TEXTS.choose}
        </Button>
        {done && (
          <Text c="teal" ta="center" role="status">
            {LIKENESS_TEXTS.created}
          </Text>
        )}
      </Stack>
      <UpsellDialog opened={upsell || (known && !plus)} />
    </div>
  );
}
