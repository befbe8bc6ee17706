import { ActionIcon, Menu } from '@mantine/core';
import { GUEST_NAME, isPlusActive } from '@podruga/shared';
import { Link } from 'react-router';
import { UserIcon } from '../../shared/ui/icons.tsx';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { selectIsMember, useAuth } from '../auth/store.ts';
import { useHelpDialog } from '../help/helpStore.ts';
import { requestInstall, useInstall } from '../install/installStore.ts';
import { useSupportDialog } from '../support/supportStore.ts';
import { type MyChat, SUBMENU_CLOSE_DELAY_MS, touchChatCount, useMyChats } from './myChats.ts';
import { useLogout } from './useLogout.ts';

const MY_COMPANIONS = 'Мои подруги';

/** A phone or tablet: no hover, so no hover submenu (001 §2). */
function isTouchDevice(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(hover: none)').matches;
}

function ChatItem({ chat, indented }: { chat: MyChat; indented?: boolean }) {
  return (
    <Menu.Item component={Link} to={`/chat/${chat.chatId}`} pl={indented ? 'xl' : undefined}>
      {chat.name}
    </Menu.Item>
  );
}

/**
 * "Мои подруги" (001 §2): on a desktop a hover submenu of the user's chats (hidden 150 ms after the
 * pointer leaves); on a touch device the item leads to /profile and the first 5 or 7 chats are listed
 * beneath it, indented. Without chats it leads to /profile, where her companions are.
 */
function MyCompanions({ chats }: { chats: MyChat[] }) {
  if (chats.length === 0) {
    return (
      <Menu.Item component={Link} to="/profile">
        {MY_COMPANIONS}
      </Menu.Item>
    );
  }
  if (isTouchDevice()) {
    return (
      <>
        <Menu.Item component={Link} to="/profile">
          {MY_COMPANIONS}
        </Menu.Item>
        {chats.slice(0, touchChatCount(window.innerHeight)).map((chat) => (
          <ChatItem key={chat.chatId} chat={chat} indented />
        ))}
      </>
    );
  }
  return (
    // Opens to the right, and flips to the left when a long name would leave the window.
    <Menu.Sub closeDelay={SUBMENU_CLOSE_DELAY_MS}>
      <Menu.Sub.Target>
        <Menu.Sub.Item>{MY_COMPANIONS}</Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown>
        {chats.map((chat) => (
          <ChatItem key={chat.chatId} chat={chat} />
        ))}
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}

/** 001 §5: Plus users write to support about higher limits, the type preset and locked. */
const PLUS_SUPPORT_TYPE = 'Больше грязи (увеличение лимитов)';

/**
 * The user menu (001 §2), its nine items in order: Аккаунт, Мои подруги, Галерея подруг, Создание по
 * образу, Установить приложение (not when installed), Обновить до Plus (not Plus or expired, highlighted),
 * Помощь, Поддержка, Войти / Выйти.
 */
export function UserMenuDropdown({ defaultOpened }: { defaultOpened: boolean }) {
  const isMember = useAuth(selectIsMember);
  const name = useAuth((s) => s.user?.name);
  const plusActive = useAuth((s) => (s.user ? isPlusActive(s.user) : false));
  const installed = useInstall((s) => s.installed);
  const openAuth = useAuthDialog((s) => s.open);
  const logout = useLogout();
  const chats = useMyChats();

  return (
    <Menu position="bottom-end" width={240} shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Меню пользователя">
          <UserIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{isMember && name ? name : GUEST_NAME}</Menu.Label>
        <Menu.Item component={Link} to="/profile">
          Аккаунт
        </Menu.Item>
        <MyCompanions chats={chats} />
        <Menu.Item component={Link} to="/gfs">
          Галерея подруг
        </Menu.Item>
        <Menu.Item component={Link} to="/ex">
          Создание по образу
        </Menu.Item>
        {!installed && <Menu.Item onClick={() => void requestInstall()}>Установить приложение</Menu.Item>}
        {!plusActive && (
          <Menu.Item component={Link} to="/plus" color="pink" fw={700}>
            Обновить до Plus
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={() => useHelpDialog.getState().open()}>Помощь</Menu.Item>
        <Menu.Item
          onClick={() =>
            useSupportDialog
              .getState()
              .open(plusActive ? { type: PLUS_SUPPORT_TYPE, locked: true } : undefined)
          }
        >
          Поддержка
        </Menu.Item>
        {isMember ? (
          <Menu.Item onClick={() => void logout()}>Выйти</Menu.Item>
        ) : (
          <Menu.Item onClick={() => openAuth('login')}>Войти</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
