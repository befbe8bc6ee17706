import { Button, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router';

/** "На главную". */
export function HomeButton(props: ButtonProps) {
  return (
    <Button component={Link} to="/" {...props}>
      На главную
    </Button>
  );
}
