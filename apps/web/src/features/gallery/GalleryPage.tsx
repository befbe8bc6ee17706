import { Alert, Button, Skeleton, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/api/index.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { authActions } from '../auth/store.ts';
import { paywallFromError } from '../paywall/decide.ts';
import { usePaywall } from '../paywall/paywallStore.ts';
import { useAdopt, useCatalogue } from './api.ts';
import { CatalogueCard } from './CatalogueCard.tsx';
import classes from './GalleryPage.module.css';

const SKELETONS = 8;

/** /gfs, the gallery of ready-made companions (001 §2), full width. */
export function GalleryPage() {
  const catalogue = useCatalogue();
  const adopt = useAdopt();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState<string | null>(null);

  async function choose(id: string) {
    if (choosing) return;
    setChoosing(id);
    try {
      if (!(await authActions.ensureSession())) return;
      const { chat } = await adopt.mutateAsync(id);
      navigate(`/chat/${chat.id}`, { replace: true });
    } catch (error) {
      const paywall = paywallFromError(error);
      if (paywall) usePaywall.getState().open(paywall);
      else notify.error(`Не удалось выбрать подругу: ${errorText(error, 'попробуй ещё раз чуть позже')}`);
    } finally {
      setChoosing(null);
    }
  }

  return (
    <div className="page-container">
      <Title order={1} className={`page-title ${classes.heading}`}>
        Галерея подруг
      </Title>
      <Text c="dimmed" ta="center">
        Готовые подруги уже ждут — выбери ту, с которой хочешь познакомиться.
      </Text>

      {catalogue.isError ? (
        <Alert color="red" variant="light" title="Не удалось загрузить галерею" maw={520} mx="auto" mt="xl">
          <Text size="sm" mb="sm">
            {errorText(catalogue.error, 'Попробуй обновить страницу чуть позже.')}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void catalogue.refetch()}>
            Повторить
          </Button>
        </Alert>
      ) : (
        <div className={classes.grid} aria-busy={catalogue.isPending}>
          {catalogue.isPending
            ? Array.from({ length: SKELETONS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <div key={i} className={classes.card} aria-hidden="true">
                  <Skeleton className={classes.portrait} radius={0} />
                  <div className={classes.body}>
                    <Skeleton height={20} width="60%" />
                    <Skeleton height={12} />
                    <Skeleton height={12} width="80%" />
                    <Skeleton height={36} mt="xs" />
                  </div>
                </div>
              ))
            : catalogue.data.items.map((item) => (
                <CatalogueCard
                  key={item.id}
                  item={item}
                  busy={choosing === item.id}
                  disabled={choosing !== null && choosing !== item.id}
                  onChoose={() => void choose(item.id)}
                />
              ))}
        </div>
      )}
      {catalogue.isSuccess && catalogue.data.items.length === 0 && (
        <Text c="dimmed" ta="center" mt="xl">
          Галерея пока пуста — создай свою подругу на главной.
        </Text>
      )}
    </div>
  );
}
