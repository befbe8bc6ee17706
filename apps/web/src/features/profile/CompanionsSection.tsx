import { ActionIcon, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { ageWithWord, type Character, PROFILE_GRID_SLOTS, PROFILE_MESSAGES } from '@podruga/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { mediaSrc } from '../../shared/media.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { PlusIcon, TrashIcon } from '../../shared/ui/pageIcons.tsx';
import { useCompanions, useDeleteCompanion, useOpenChat } from './api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { DeleteCompanionDialog } from './ProfileDialogs.tsx';
import classes from './ProfilePage.module.css';

/**
 * 001 §2 "Твои подруги": 3 slots, the empty ones placeholders leading to creation; each companion opens
 * her chat and can be deleted after a confirmation; Plus with 3 or more get "Создать ещё".
 */
export function CompanionsSection({ plusActive }: { plusActive: boolean }) {
  const companions = useCompanions();
  const remove = useDeleteCompanion();
  const openChat = useOpenChat();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<Character | null>(null);

  async function open(character: Character) {
    if (openChat.isPending) return;
    try {
      const chat = await openChat.mutateAsync(character.id);
      navigate(`/chat/${chat.id}`);
    } catch {
      notify.error(PROFILE_MESSAGES.openChatFailed);
    }
  }

  async function confirmDelete() {
    const character = deleting;
    if (!character) return;
    try {
      await remove.mutateAsync(character.id);
      notify.success(PROFILE_MESSAGES.deleted(character.name));
    } catch {
      notify.error(PROFILE_MESSAGES.deleteFailed);
    } finally {
      setDeleting(null);
    }
  }

  const list = companions.data ?? [];
  const placeholders = Math.max(0, PROFILE_GRID_SLOTS - list.length);

  return (
    <section className={`${classes.section} ${classes.companions}`} aria-labelledby="profile-companions">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3" id="profile-companions">
          Твои подруги
        </Title>
        {plusActive && list.length >= PROFILE_GRID_SLOTS && (
          <Button component={Link} to="/" variant="light" size="sm">
            Создать ещё
          </Button>
        )}
      </Group>

      {companions.isError ? (
        <LoadFailed text={PROFILE_MESSAGES.companionsLoadFailed} onRetry={() => void companions.refetch()} />
      ) : companions.isPending ? (
        <div className={classes.grid} aria-busy="true">
          {Array.from({ length: PROFILE_GRID_SLOTS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className={classes.portrait} radius="md" />
          ))}
        </div>
      ) : (
        <ul className={classes.grid} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((character) => (
            <li key={character.id} className={classes.slot}>
              <CompanionCard
                character={character}
                busy={openChat.isPending && openChat.variables === character.id}
                onOpen={() => void open(character)}
              />
              <ActionIcon
                className={classes.delete}
                variant="filled"
                color="dark"
                radius="xl"
                aria-label={`Удалить: ${character.name}`}
                onClick={() => setDeleting(character)}
              >
                <TrashIcon />
              </ActionIcon>
            </li>
          ))}
          {Array.from({ length: placeholders }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: empty slots have no identity
            <li key={`empty-${i}`} className={classes.emptySlot}>
              <Link to="/" className={classes.placeholder}>
                <PlusIcon />
                Создать подругу
              </Link>
            </li>
          ))}
        </ul>
      )}

      <DeleteCompanionDialog
        companion={deleting}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}

function CompanionCard({
  character,
  busy,
  onOpen,
}: {
  character: Character;
  busy: boolean;
  onOpen: () => void;
}) {
  const src = mediaSrc(character.image ?? character.avatar);
  return (
    <button
      type="button"
      className={classes.open}
      onClick={onOpen}
      disabled={busy}
      aria-label={`Открыть чат: ${character.name}, ${ageWithWord(character.age)}`}
    >
      {src ? (
        <img className={classes.portrait} src={src} alt="" loading="lazy" />
      ) : (
        <div className={classes.portrait} aria-hidden="true" />
      )}
      <div className={classes.caption}>
        <Text fw={700} size="sm" truncate>
          {character.name}
        </Text>
        <Text size="xs" c="dimmed">
          {ageWithWord(character.age)}
        </Text>
      </div>
    </button>
  );
}
