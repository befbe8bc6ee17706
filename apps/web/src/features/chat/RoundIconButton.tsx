import { ActionIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface RoundIconButtonProps {
  /** The button's accessible name: the icon inside is decorative. */
  label: string;
  /** Where it floats: the module class that positions it. */
  className: string | undefined;
  onClick: () => void;
  children: ReactNode;
}

/** A round icon button over the chat's content: "to the newest messages", the gallery's arrows. */
export function RoundIconButton({ label, className, onClick, children }: RoundIconButtonProps) {
  return (
    <ActionIcon
      className={className}
      variant="default"
      radius="xl"
      size="lg"
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
}
