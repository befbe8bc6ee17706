import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { MoonIcon, SunIcon } from '../../shared/ui/icons.tsx';

/** Dark/light switch (001 §2 Header), saved as `darkMode`. */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label="Переключить тему"
      title={scheme === 'dark' ? 'Светлая тема' : 'Тёмная тема'}
      onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
    >
      {scheme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
