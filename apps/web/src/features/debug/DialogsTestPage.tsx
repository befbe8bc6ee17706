import { Button, SimpleGrid, Text, Title } from '@mantine/core';
import { SUPPORT_LIMITS_ISSUE } from '@podruga/shared';
import { CenteredPage } from '../../shared/ui/CenteredPage.tsx';
import { useAdultGatePreview } from '../adult/adultGate.ts';
import { useAnonymousLimitDialog, useAuthDialog } from '../auth/dialogStore.ts';
import { useHelpDialog } from '../help/helpStore.ts';
import { requestInstall, useInstallDialog } from '../install/installStore.ts';
import { useLegalDialog } from '../legal/legalDialogStore.ts';
import { PaymentDialogsDebug } from '../payments/dialogs/PaymentDialogsDebug.tsx';
import { useSupportDialog } from '../support/supportStore.ts';
import { SampleDialogsDebug } from './SampleDialogsDebug.tsx';

/** /test/dialogs (debug, 002 §2): opens every dialog of the app, with sample data where a page gives it its own. */
export function DialogsTestPage() {
  const openAuth = useAuthDialog((s) => s.open);
  const showLegal = useLegalDialog((s) => s.show);
  const openLimit = useAnonymousLimitDialog((s) => s.open);

  const dialogs = [
    { label: 'Вход', open: () => openAuth('login') },
    { label: 'Создать аккаунт', open: () => openAuth('register') },
    { label: 'Восстановление пароля', open: () => openAuth('recovery') },
    {
      label: 'Вход по требованию страницы',
      open: () => openAuth('login', { notice: 'Чтобы открыть эту страницу, войдите в аккаунт.' }),
    },
    { label: 'Пользовательское соглашение', open: () => showLegal('terms') },
    { label: 'Политика конфиденциальности', open: () => showLegal('privacy') },
    { label: 'Лимит анонимных сессий', open: openLimit },
    { label: 'Подтверждение 18+ (просмотр)', open: () => useAdultGatePreview.setState({ preview: true }) },
    { label: 'Помощь', open: () => useHelpDialog.getState().open() },
    { label: 'Поддержка', open: () => useSupportDialog.getState().open() },
    {
      label: 'Поддержка: лимиты для Plus',
      open: () => useSupportDialog.getState().open({ type: SUPPORT_LIMITS_ISSUE, locked: true }),
    },
    { label: 'Установить приложение', open: () => void requestInstall() },
    { label: 'Инструкции по установке', open: () => useInstallDialog.getState().open() },
  ];

  return (
    <CenteredPage size={720}>
      <Title order={1} size="h2">
        Тест диалогов
      </Title>
      <Text c="dimmed" size="sm">
        Отладочная страница: открывает все диалоги приложения с примерами данных. Диалог 18+ здесь открывается
        в режиме просмотра — ответ ничего не сохраняет; кнопки «отправить» и «подтвердить» в примерах ничего
        не отправляют.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} w="100%">
        {dialogs.map((d) => (
          <Button key={d.label} variant="light" onClick={d.open}>
            {d.label}
          </Button>
        ))}
      </SimpleGrid>
      <SampleDialogsDebug />
      <PaymentDialogsDebug />
    </CenteredPage>
  );
}
