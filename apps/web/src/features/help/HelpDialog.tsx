import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CatalogueItem, CRISIS_PAGE_PATH } from '@podruga/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { mediaSrc } from '../../shared/media.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { SupportContacts } from '../support/SupportContacts.tsx';
import { useSupportDialog } from '../support/supportStore.ts';
import { AudioExamplePlayer } from './AudioExamplePlayer.tsx';
import { useClipExists, useExamplePortraits } from './api.ts';
import { audioExamples, CRISIS_LINK_TEXT, type GuideBlock, guideSections, limitsTable } from './guide.ts';
import classes from './HelpDialog.module.css';
import { useHelpDialog } from './helpStore.ts';
import { VIDEO_EXAMPLE, VideoExample } from './VideoExample.tsx';

/** Photo examples shown (001 §9: 6). */
const PHOTO_EXAMPLES = 6;

interface Preview {
  src: string;
  name: string;
}

function LimitsTable({ narrow }: { narrow: boolean }) {
  const table = limitsTable();
  return (
    <div className={classes.tableWrap}>
      <Table
        striped
        withTableBorder
        withColumnBorders
        fz={narrow ? 'xs' : 'sm'}
        horizontalSpacing={narrow ? 6 : 'xs'}
        className={classes.table}
        aria-label="Лимиты по тарифам"
        data-testid="limits-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Лимит</Table.Th>
            {table.tiers.map(({ tier, label }) => (
              <Table.Th key={tier} scope="col">
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row">{row.label}</Table.Th>
              {row.cells.map((cell, i) => (
                <Table.Td key={table.tiers[i]?.tier}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function PhotoExamples({ items, onOpen }: { items: CatalogueItem[]; onOpen: (p: Preview) => void }) {
  const drawn = items
    .map((item) => ({ name: item.name, src: mediaSrc(item.image) }))
    .filter((p): p is Preview => p.src !== null)
    .slice(0, PHOTO_EXAMPLES);
  if (drawn.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Примеры появятся, как только генератор их нарисует.
      </Text>
    );
  }
  return (
    <div className={classes.examples}>
      {drawn.map((p) => (
        <button
          key={p.src}
          type="button"
          className={classes.example}
          onClick={() => onOpen(p)}
          aria-label={`Открыть портрет: ${p.name}`}
        >
          <img src={p.src} alt={`Портрет: ${p.name}`} loading="lazy" />
        </button>
      ))}
    </div>
  );
}

/**
 * The help guide (001 §2 Dialogs): 8 sections and the care section (issue 27: she is an AI; the crisis
 * page), the limits table from the tiers, example portraits
 * drawn by the app's image provider with a preview (Escape, backdrop or its button close it), her
 * voice's audio examples (spoken by the server's speech port, loaded on the first press), a video
 * example (a preview clip, once the server has it), and the way to support. Parts not live yet say so, with no buttons (decision 0019).
 */
export function HelpDialog() {
  const opened = useHelpDialog((s) => s.opened);
  const close = useHelpDialog((s) => s.close);
  const narrow = useMediaQuery('(max-width: 36em)');
  const [preview, setPreview] = useState<Preview | null>(null);
  const portraits = useExamplePortraits(opened);
  const clip = useClipExists(VIDEO_EXAMPLE.src, opened);
  const sections = guideSections();

  function writeToSupport() {
    close();
    useSupportDialog.getState().open();
  }

  function block(kind: GuideBlock) {
    if (kind === 'limitsTable') return <LimitsTable key={kind} narrow={narrow ?? false} />;
    if (kind === 'voiceExamples') {
      return (
        <Stack key={kind} gap="xs" data-testid="audio-examples">
          {audioExamples().map((example) => (
            <AudioExamplePlayer key={example.name} {...example} />
          ))}
        </Stack>
      );
    }
    if (kind === 'videoExample') {
      if (clip.data !== true) return null;
      return <VideoExample key={kind} narrow={narrow ?? false} companions={portraits.data?.items ?? []} />;
    }
    if (kind === 'photoExamples') {
      return <PhotoExamples key={kind} items={portraits.data?.items ?? []} onOpen={setPreview} />;
    }
    if (kind === 'crisisLink') {
      return (
        <Anchor key={kind} component={Link} to={CRISIS_PAGE_PATH} size="sm" onClick={close}>
          {CRISIS_LINK_TEXT}
        </Anchor>
      );
    }
    return (
      <Stack key={kind} gap="xs" align="flex-start">
        <Button onClick={writeToSupport}>Написать в поддержку</Button>
        <SupportContacts lead="Или на почту:" />
      </Stack>
    );
  }

  return (
    <>
      <Dialog
        opened={opened}
        onClose={close}
        title="Как всё устроено"
        centered={false}
        size="lg"
        fullScreen={narrow}
        closeOnEscape={preview === null}
      >
        <Stack gap="lg">
          <nav aria-label="Разделы" className={classes.nav}>
            {sections.map((s) => (
              <Button
                key={s.id}
                size="compact-sm"
                variant="default"
                onClick={() =>
                  document.getElementById(`help-${s.id}`)?.scrollIntoView({ behavior: 'smooth' })
                }
              >
                {s.title}
              </Button>
            ))}
          </nav>
          {sections.map((section) => (
            <section
              key={section.id}
              id={`help-${section.id}`}
              className={classes.section}
              aria-labelledby={`help-${section.id}-title`}
              data-testid="help-section"
            >
              <Group gap="xs" mb="xs">
                <Title order={3} size="h5" id={`help-${section.id}-title`}>
                  {section.title}
                </Title>
                {section.soon && (
                  <Badge size="sm" variant="light" color="gray">
                    скоро
                  </Badge>
                )}
              </Group>
              <Stack gap="xs">
                {section.paragraphs.map((p) => (
                  <Text key={p} size="sm">
                    {p}
                  </Text>
                ))}
                {section.blocks?.map(block)}
              </Stack>
            </section>
          ))}
        </Stack>
      </Dialog>
      <Dialog
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.name}
        size="auto"
        zIndex={300}
      >
        {preview && <img className={classes.preview} src={preview.src} alt={`Портрет: ${preview.name}`} />}
      </Dialog>
    </>
  );
}
