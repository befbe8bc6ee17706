import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { getBrand } from '../../app/brand.ts';
import { LockIcon } from '../../shared/ui/icons.tsx';
import { useHelpDialog } from '../help/helpStore.ts';
import { type LegalDocumentId, useLegalDialog } from '../legal/legalDialogStore.ts';
import { useSupportDialog } from '../support/supportStore.ts';
import classes from './Footer.module.css';

const LEGAL_LINKS: readonly { doc: LegalDocumentId; label: string }[] = [
  { doc: 'terms', label: 'Пользовательское соглашение' },
  { doc: 'privacy', label: 'Политика конфиденциальности' },
];

/**
 * Encryption notice, legal links, help and support, copyright (001 §2 Footer). The notice says what really happens
 * (DESIGN §6): encrypted in transit and at rest, not end-to-end — the AI on our servers reads the chat.
 */
export function Footer() {
  const show = useLegalDialog((s) => s.show);
  const brand = getBrand();
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <Text size="xs" c="dimmed" className={classes.notice}>
          <LockIcon />
          <span>
            Переписка шифруется при передаче и при хранении. Это не сквозное шифрование: чтобы отвечать, ИИ на
            наших серверах читает сообщения.
          </span>
        </Text>
        <div className={classes.links}>
          <Anchor component={Link} to="/blog" size="sm" className={classes.link}>
            Блог
          </Anchor>
          {/* The guide and the support form, reachable from every page (the user menu has them too). */}
          <Anchor
            component="button"
            type="button"
            size="sm"
            className={classes.link}
            onClick={() => useHelpDialog.getState().open()}
          >
            Помощь
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            className={classes.link}
            onClick={() => useSupportDialog.getState().open()}
          >
            Поддержка
          </Anchor>
          {LEGAL_LINKS.map(({ doc, label }) => (
            <Anchor
              key={doc}
              component="button"
              type="button"
              size="sm"
              className={classes.link}
              onClick={() => show(doc)}
            >
              {label}
            </Anchor>
          ))}
        </div>
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} {brand.logoText}
        </Text>
      </div>
    </footer>
  );
}
