import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode, useEffect, useRef } from 'react';
import { type BrandInfo, getBrand } from '../../app/brand.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { type LegalDocumentId, useLegalDialog } from './legalDialogStore.ts';
import { type LegalDocument, PRIVACY, TERMS } from './texts.ts';

const DOCUMENTS: Record<LegalDocumentId, LegalDocument> = { terms: TERMS, privacy: PRIVACY };

/** Replaces `{brand}` with the brand's name and turns `{supportEmail}` into a mail link. */
function renderParagraph(text: string, brand: BrandInfo): ReactNode {
  const parts = text.replaceAll('{brand}', brand.logoText).split('{supportEmail}');
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one paragraph never reorder
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>}
    </Fragment>
  ));
}

/** The terms (v1.3) and privacy policy (v1.2) dialogs (000 §2), one at a time. */
export function LegalDialog() {
  const open = useLegalDialog((s) => s.open);
  const show = useLegalDialog((s) => s.show);
  const close = useLegalDialog((s) => s.close);
  const narrow = useMediaQuery('(max-width: 36em)');
  // Keep the last document on screen while the dialog animates out.
  const shown = useRef<LegalDocumentId>('terms');
  if (open) shown.current = open;
  const doc = DOCUMENTS[shown.current];
  const brand = getBrand();

  // Terms → "open the privacy policy" swaps the text in place: start the new one from its top.
  useEffect(() => {
    if (open) document.querySelector('.legal-dialog-content')?.scrollTo({ top: 0 });
  }, [open]);

  return (
    <Dialog
      opened={open !== null}
      onClose={close}
      title={doc.title}
      centered={false}
      size="lg"
      fullScreen={narrow}
      zIndex={300}
      classNames={{ content: 'legal-dialog-content' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Версия {doc.version}, опубликовано {doc.published}
        </Text>
        {doc.sections.map((section) => (
          <section key={section.id} aria-labelledby={`legal-${shown.current}-${section.id}`}>
            <Title order={3} size="h5" mb="xs" id={`legal-${shown.current}-${section.id}`}>
              {section.title}
            </Title>
            <Stack gap="xs">
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph} size="sm">
                  {renderParagraph(paragraph, brand)}
                </Text>
              ))}
              {shown.current === 'terms' && section.id === 'privacy' && (
                <Text size="sm">
                  <Anchor component="button" type="button" onClick={() => show('privacy')}>
                    Открыть политику конфиденциальности
                  </Anchor>
                </Text>
              )}
            </Stack>
          </section>
        ))}
      </Stack>
    </Dialog>
  );
}
