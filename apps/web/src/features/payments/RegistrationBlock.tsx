import { PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import classes from './PurchasePage.module.css';
import type { RegistrationDetails } from './validation.ts';

/**
 * 002 §2: name, e-mail and password for a guest. Optional: without them the purchase goes to the guest
 * account the visitor already has (002 §4).
 */
export function RegistrationBlock({
  value,
  onChange,
}: {
  value: RegistrationDetails;
  onChange: (next: RegistrationDetails) => void;
}) {
  return (
    <section className={classes.section} aria-labelledby="pay-account">
      <Title order={2} size="h4" id="pay-account">
        Аккаунт для доступа
      </Title>
      <Text size="sm" c="dimmed">
        Укажи имя, эл. почту и пароль, чтобы входить с любого устройства. Можно оплатить и без них — доступ
        появится в этом браузере, а почту добавишь потом в профиле.
      </Text>
      <Stack gap="xs">
        <TextInput
          label="Имя"
          autoComplete="name"
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
        />
        <TextInput
          label="Эл. почта"
          type="email"
          autoComplete="email"
          value={value.email}
          onChange={(e) => onChange({ ...value, email: e.currentTarget.value })}
        />
        <PasswordInput
          label="Пароль"
          autoComplete="new-password"
          description="Не менее 8 символов"
          value={value.password}
          onChange={(e) => onChange({ ...value, password: e.currentTarget.value })}
        />
      </Stack>
    </section>
  );
}
