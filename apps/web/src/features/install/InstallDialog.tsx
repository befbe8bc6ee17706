import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';
import { detectBrowser, INSTALL_BROWSERS, type InstallBrowser } from './detect.ts';
import { INSTALL_DIALOG_TEXTS as INSTALL_TEXTS } from './dialogTexts.ts';
import { useInstallDialog } from './installStore.ts';
import { BROWSER_LABELS, instructionsFor } from './instructions.ts';

/**
 * The manual install instructions (001 §2 "App install instructions"): the steps for the browser this
 * is, first, and the others to pick from.
 */
export function InstallDialog() {
  const { opened, close } = useInstallDialog();
  const info = useMemo(() => detectBrowser(navigator.userAgent, navigator.maxTouchPoints), []);
  const [browser, setBrowser] = useState<InstallBrowser>(info.browser);
  const order = [info.browser, ...INSTALL_BROWSERS.filter((b) => b !== info.browser)];
  const { steps, note } = instructionsFor(browser, info);

  return (
    <Dialog opened={opened} onClose={close} title={INSTALL_TEXTS.title}>
      <Stack gap="md">
        <Text size="sm">{INSTALL_TEXTS.intro}</Text>
        <div>
          <Text size="sm" fw={600} mb={6} id="install-browser-label">
            {INSTALL_TEXTS.browserLabel}
          </Text>
          <Group gap={6} role="radiogroup" aria-labelledby="install-browser-label">
            {order.map((b) => (
              <Button
                key={b}
                size="compact-sm"
                role="radio"
                aria-checked={b === browser}
                variant={b === browser ? 'filled' : 'light'}
                onClick={() => setBrowser(b)}
                title={b === info.browser ? INSTALL_TEXTS.detected : undefined}
              >
                {BROWSER_LABELS[b]}
              </Button>
            ))}
          </Group>
        </div>
        {steps.length > 0 && (
          <List
            type="ordered"
            spacing="xs"
            size="sm"
            aria-label={`Как установить в ${BROWSER_LABELS[browser]}`}
          >
            {steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        )}
        {note && steps.length === 0 && (
          <Alert color="yellow" variant="light" p="sm">
            <Text size="sm">{note}</Text>
          </Alert>
        )}
        {note && steps.length > 0 && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
      <DialogActions>
        <Button onClick={close}>{INSTALL_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
