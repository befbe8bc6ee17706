import { ActionIcon, Menu } from '@mantine/core';
import { GUEST_NAME } from '@podruga/shared';
import { Link } from 'react-router';
import { UserIcon } from '../../shared/ui/icons.tsx';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { selectIsMember, useAuth } from '../auth/store.ts';
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
 * beneath it, indented. Shown only to a user who has a companion.
 */
function MyCompanions({ chats }: { chats: MyChat[] }) {
  if (chats.length === 0) return null;
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

/**
 * The user menu (001 §2). Only items whose pages exist are listed: the account, likeness, install,
 * Plus, help and support entries arrive with their pages.
 */
export function UserMenuDropdown({ defaultOpened }: { defaultOpened: boolean }) {
  const isMember = useAuth(selectIsMember);
  const name = useAuth((s) => s.user?.name);
  const openAuth = useAuthDialog((s) => s.open);
  const logout = useLogout();
  const chats = useMyChats();

  return (
    <Menu position="bottom-end" width={220} shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Меню пользователя">
          <UserIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{isMember && name ? name : GUEST_NAME}</Menu.Label>
        <MyCompanions chats={chats} />
        <Menu.Item component={Link} to="/gfs">
          Галерея подруг
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
