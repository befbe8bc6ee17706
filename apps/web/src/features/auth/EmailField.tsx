import { TextInput, type TextInputProps } from '@mantine/core';
import { EMAIL_MAX_LENGTH } from '@podruga/shared';

interface EmailFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onValueChange: (email: string) => void;
}

/**
 * The e-mail input of the auth forms (000 §2): one label, keyboard and length limit for login, register
 * and recovery, so the three cannot drift apart. The address itself is the dialog's, kept across modes.
 */
export function EmailField({ value, onValueChange, ...props }: EmailFieldProps) {
  return (
    <TextInput
      label="Эл. почта"
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={EMAIL_MAX_LENGTH}
      value={value}
      onChange={(e) => onValueChange(e.currentTarget.value)}
      {...props}
    />
  );
}
