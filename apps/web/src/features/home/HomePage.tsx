import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { selectIsMember, useAuth } from '../auth/store.ts';
import classes from './HomePage.module.css';
import { useHomeQueryActions } from './useHomeQueryActions.ts';

const COMING = [
  { title: 'Внешность', text: 'Возраст, фигура, причёска — соберёшь её образ в несколько шагов.' },
  { title: 'Характер', text: 'Темперамент, увлечения и манера общения — такой, какой хочешь видеть её ты.' },
  { title: 'Общение', text: 'Переписка, фото, голосовые сообщения и звонки — когда тебе удобно.' },
];

/** The index page. The creation wizard (001 §2) arrives in the next release; until then, an honest hero. */
export function HomePage() {
  useHomeQueryActions();
  const isMember = useAuth(selectIsMember);
  const name = useAuth((s) => s.user?.name);
  const openAuth = useAuthDialog((s) => s.open);

  return (
    <>
      <section className={classes.hero}>
        <Stack align="center" gap="lg">
          <Title order={1} className={classes.title}>
            Создай свою <span className={classes.accent}>идеальную подругу</span>
          </Title>
          <Text size="lg" c="dimmed" maw={620}>
            AI-подруга, которая всегда рядом: выбери её внешность и характер — и общайся, когда захочется.
          </Text>
          <Alert
            color="grape"
            variant="light"
            w="100%"
            maw={560}
            title="Конструктор подруги — в следующем обновлении"
          >
            Мы доделываем создание подруг и чат. Как только они будут готовы, всё начнётся прямо здесь.
          </Alert>
          {isMember ? (
            <Text c="dimmed">Ты в аккаунте «{name}». Подруга будет ждать тебя здесь.</Text>
          ) : (
            <Stack gap="xs" align="center">
              <Text c="dimmed" size="sm">
                А пока можно завести бесплатный аккаунт — твои подруги и переписка будут храниться в нём.
              </Text>
              <Group justify="center" gap="sm">
                <Button size="md" onClick={() => openAuth('register')}>
                  Создать аккаунт
                </Button>
                <Button size="md" variant="default" onClick={() => openAuth('login')}>
                  Войти
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </section>
      <section className={classes.cards} aria-label="Что будет в конструкторе">
        {COMING.map((item) => (
          <Paper key={item.title} withBorder p="lg" radius="lg">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                {item.title}
              </Title>
              <Badge variant="light" color="grape">
                Скоро
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {item.text}
            </Text>
          </Paper>
        ))}
      </section>
    </>
  );
}
