import { ActionIcon, Menu } from '@mantine/core';
import { GUEST_NAME } from '@podruga/shared';
import { Link } from 'react-router';
import { UserIcon } from '../../shared/ui/icons.tsx';
import { useAuthDialog } from '../auth/dialogStore.ts';
import { selectIsMember, useAuth } from '../auth/store.ts';
import { useLogout } from './useLogout.ts';

/**
 * The user menu (001 §2). Only items whose pages exist are listed: the account, companions, likeness,
 * install, Plus, help and support entries arrive with their pages.
 */
export function UserMenuDropdown({ defaultOpened }: { defaultOpened: boolean }) {
  const isMember = useAuth(selectIsMember);
  const name = useAuth((s) => s.user?.name);
  const openAuth = useAuthDialog((s) => s.open);
  const logout = useLogout();

  return (
    <Menu position="bottom-end" width={220} shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Меню пользователя">
          <UserIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{isMember && name ? name : GUEST_NAME}</Menu.Label>
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
