import { Button, SimpleGrid, Text } from '@mantine/core';
import type { Character, PaywallContext } from '@podruga/shared';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { notify } from '../../shared/ui/notify.tsx';
import { usePushPermissionDialog } from '../notifications/permissionStore.ts';
import { usePaywall } from '../paywall/paywallStore.ts';

/*
 * /test/dialogs: the dialogs that live inside a page (chat, creation, profile, voice) opened here with
 * sample data, so a designer reviews every dialog of the app on one page. Nothing here sends anything:
 * "send" and "confirm" only say what would happen.
 */

const ImageGallery = lazy(() =>
  import('../chat/ImageGallery.tsx').then((m) => ({ default: m.ImageGallery })),
);
const ImageUploadDialog = lazy(() =>
  import('../chat/ImageUploadDialog.tsx').then((m) => ({ default: m.ImageUploadDialog })),
);
const ImageInstructionsDialog = lazy(() =>
  import('../chat/mediaDialogs/RequestExamplesDialog.tsx').then((m) => ({
    default: m.ImageInstructionsDialog,
  })),
);
const VideoInstructionsDialog = lazy(() =>
  import('../chat/mediaDialogs/RequestExamplesDialog.tsx').then((m) => ({
    default: m.VideoInstructionsDialog,
  })),
);
const VideoPreviewDialog = lazy(() =>
  import('../chat/mediaDialogs/VideoPreviewDialog.tsx').then((m) => ({ default: m.VideoPreviewDialog })),
);
const PortraitPreview = lazy(() =>
  import('../creation/PortraitPreview.tsx').then((m) => ({ default: m.PortraitPreview })),
);
const VoiceCallDialog = lazy(() =>
  import('../voice/call/VoiceCallDialog.tsx').then((m) => ({ default: m.VoiceCallDialog })),
);
const VoiceRecorderDialog = lazy(() =>
  import('../voice/VoiceRecorderDialog.tsx').then((m) => ({ default: m.VoiceRecorderDialog })),
);
const LikenessUpsellDialog = lazy(() =>
  import('../likeness/UpsellDialog.tsx').then((m) => ({ default: m.UpsellDialog })),
);
const profileDialogs = () => import('../profile/ProfileDialogs.tsx');
const SignOutDialog = lazy(() => profileDialogs().then((m) => ({ default: m.SignOutDialog })));
const DeleteCompanionDialog = lazy(() =>
  profileDialogs().then((m) => ({ default: m.DeleteCompanionDialog })),
);
const CancelSubscriptionDialog = lazy(() =>
  profileDialogs().then((m) => ({ default: m.CancelSubscriptionDialog })),
);
const ChangeEmailDialog = lazy(() => profileDialogs().then((m) => ({ default: m.ChangeEmailDialog })));

/** A sample picture drawn in code (no media in the repository): a gradient with a caption. */
export function samplePicture(label: string, hue: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="1024" viewBox="0 0 768 1024"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,30%)"/></linearGradient></defs><rect width="768" height="1024" fill="url(#g)"/><text x="384" y="512" font-family="sans-serif" font-size="56" fill="white" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const PICTURES = [
  { src: samplePicture('Фото 1', 330), alt: 'Пример фото 1' },
  { src: samplePicture('Фото 2', 200), alt: 'Пример фото 2' },
  { src: samplePicture('Фото 3', 40), alt: 'Пример фото 3' },
];

const SAMPLE_CHARACTER: Character = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Алиса',
  age: 24,
  ethnicity: 'european',
  hair_color: 'blonde',
  body_type: 'slim',
  breast_size: 'medium',
  butt: 'medium',
  skin_shade: 'fair',
  hairstyle: 'long',
  personality: 'caring',
  occupation: 'chef',
  habit: 'shy',
  language_style: 'casual',
  communication_style: 50,
  sexuality: 50,
  mood: 'cheerful',
  temperament: null,
  img_gen_model: null,
  avatar: null,
  image: null,
  summary: null,
  is_ex: false,
  catalogue_id: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

type Open =
  | 'gallery'
  | 'upload'
  | 'photoTips'
  | 'videoTips'
  | 'videoPreview'
  | 'portraits'
  | 'voice'
  | 'call'
  | 'signOut'
  | 'deleteCompanion'
  | 'cancelPlus'
  | 'cancelVip'
  | 'changeEmail'
  | 'likenessUpsell';

const would = (what: string) => () => notify.success(`Тест: ${what} (ничего не отправлено)`);

/** The page-level dialogs with sample data (see the module comment). */
export function SampleDialogsDebug({ extra }: { extra?: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [index, setIndex] = useState(0);
  const close = () => setOpen(null);
  const showPictures = (dialog: 'gallery' | 'portraits') => {
    setIndex(0);
    setOpen(dialog);
  };
  const expiry = new Date(Date.now() + 20 * 86_400_000).toISOString();

  const paywall = (context: PaywallContext, currentCount: number | null) => () =>
    usePaywall.getState().open({ context, currentCount });
  // Set directly: the store's own open() would note the prompt's time and hold back the real one.
  const push = (variant: number) => () =>
    usePushPermissionDialog.setState({ opened: true, everOpened: true, variant });

  const groups: { title: string; buttons: { label: string; open: () => void }[] }[] = [
    {
      title: 'Чат',
      buttons: [
        { label: 'Галерея фото', open: () => showPictures('gallery') },
        { label: 'Загрузка фото', open: () => setOpen('upload') },
        { label: 'Подсказки для фото', open: () => setOpen('photoTips') },
        { label: 'Подсказки для видео (Plus)', open: () => setOpen('videoTips') },
        { label: 'Примеры видео (без Plus)', open: () => setOpen('videoPreview') },
        { label: 'Голосовое сообщение', open: () => setOpen('voice') },
        { label: 'Голосовой звонок', open: () => setOpen('call') },
      ],
    },
    {
      title: 'Создание и тарифы',
      buttons: [
        { label: 'Портреты (просмотр)', open: () => showPictures('portraits') },
        { label: 'Пейвол: лимит гостя', open: paywall('guest_limit', 1) },
        { label: 'Пейвол: лимит бесплатного', open: paywall('free_limit', 3) },
        { label: 'Пейвол: общий', open: paywall('general', null) },
        { label: 'Создание по образу: только Plus', open: () => setOpen('likenessUpsell') },
      ],
    },
    {
      title: 'Профиль и уведомления',
      buttons: [
        { label: 'Выход из аккаунта', open: () => setOpen('signOut') },
        { label: 'Удаление подруги', open: () => setOpen('deleteCompanion') },
        { label: 'Отмена Plus', open: () => setOpen('cancelPlus') },
        { label: 'Отмена VIP', open: () => setOpen('cancelVip') },
        { label: 'Смена e-mail', open: () => setOpen('changeEmail') },
        { label: 'Уведомления: вариант 1', open: push(0) },
        { label: 'Уведомления: вариант 2', open: push(1) },
        { label: 'Уведомления: вариант 3', open: push(2) },
      ],
    },
  ];

  return (
    <>
      {groups.map((group) => (
        <div key={group.title} style={{ width: '100%' }}>
          <Text fw={600} mt="md" mb="xs">
            {group.title}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} w="100%">
            {group.buttons.map((b) => (
              <Button key={b.label} variant="light" onClick={b.open}>
                {b.label}
              </Button>
            ))}
          </SimpleGrid>
        </div>
      ))}
      {extra}
      <Suspense fallback={null}>
        {open === 'gallery' && (
          <ImageGallery images={PICTURES} index={index} onIndex={setIndex} onClose={close} />
        )}
        {open === 'upload' && (
          <ImageUploadDialog opened onClose={close} onSend={would('фото отправлено бы в чат')} />
        )}
        {open === 'photoTips' && (
          <ImageInstructionsDialog opened onClose={close} onSend={would('просьба о фото')} />
        )}
        {open === 'videoTips' && (
          <VideoInstructionsDialog opened onClose={close} onSend={would('просьба о видео')} />
        )}
        {open === 'videoPreview' && <VideoPreviewDialog opened onClose={close} />}
        {open === 'call' && (
          // Waits for «Позвонить» (the touch rule); pressing it shows the error state: no call is made here.
          <VoiceCallDialog
            opened
            onClose={close}
            agentId="sample"
            characterId={SAMPLE_CHARACTER.id}
            characterName={SAMPLE_CHARACTER.name}
            characterAvatar={PICTURES[0]?.src ?? null}
            touch
            deps={{
              api: {
                start: () => Promise.reject(new Error('Тест: звонок не начинается')),
                end: () => Promise.reject(new Error('Тест')),
              },
              openMicrophone: () => Promise.reject(new Error('Тест: звонок не начинается')),
            }}
            onError={would('ошибка звонка')}
          />
        )}
        {open === 'voice' && (
          <VoiceRecorderDialog opened onClose={close} onSend={would('голосовое сообщение')} />
        )}
        {open === 'portraits' && (
          <PortraitPreview
            opened
            images={PICTURES.map((p) => p.src)}
            index={index}
            name="Алиса"
            onIndex={setIndex}
            onClose={close}
          />
        )}
        {open === 'signOut' && (
          <SignOutDialog opened busy={false} onClose={close} onConfirm={would('выход')} />
        )}
        {open === 'deleteCompanion' && (
          <DeleteCompanionDialog
            companion={SAMPLE_CHARACTER}
            busy={false}
            onClose={close}
            onConfirm={would('удаление подруги')}
          />
        )}
        {(open === 'cancelPlus' || open === 'cancelVip') && (
          <CancelSubscriptionDialog
            opened
            expiry={expiry}
            vip={open === 'cancelVip'}
            busy={false}
            onClose={close}
            onConfirm={would('отмена доступа')}
          />
        )}
        {open === 'likenessUpsell' && <LikenessUpsellDialog opened onClose={close} />}
        {open === 'changeEmail' && (
          <ChangeEmailDialog opened currentEmail="anna@example.com" onClose={close} />
        )}
      </Suspense>
    </>
  );
}
