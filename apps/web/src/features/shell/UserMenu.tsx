import { ActionIcon } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { UserIcon } from '../../shared/ui/icons.tsx';

const loadDropdown = () => import('./UserMenuDropdown.tsx');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

/**
 * The menu button. The menu itself (Mantine Menu + floating-ui, ~15 KB gzip) loads on first hover, focus or
 * press and opens at once, so the first page does not carry it (DESIGN §8).
 */
export function UserMenu() {
  const [loaded, setLoaded] = useState(false);
  const placeholder = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label="Меню пользователя"
      aria-haspopup="menu"
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setLoaded(true)}
    >
      <UserIcon />
    </ActionIcon>
  );
  if (!loaded) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuDropdown defaultOpened />
    </Suspense>
  );
}
