import { Button, Text } from '@mantine/core';
import { LIKENESS_TEXTS } from '@podruga/shared';
import { useNavigate } from 'react-router';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';

/**
 * Non-Plus users (001 §2): 'Назад' (to /) or 'Улучшить до Plus' (to /plus). Closing it leaves the page
 * too (home), unless the caller closes it itself (/test/dialogs).
 */
export function UpsellDialog({ opened, onClose }: { opened: boolean; onClose?: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog opened={opened} onClose={onClose ?? (() => navigate('/'))} title={LIKENESS_TEXTS.upsellTitle}>
      <Text>{LIKENESS_TEXTS.upsellText}</Text>
      <DialogActions>
        <Button variant="default" onClick={() => navigate('/')}>
          {LIKENESS_TEXTS.upsellBack}
        </Button>
        <Button onClick={() => navigate('/plus')}>{LIKENESS_TEXTS.upsellUpgrade}</Button>
      </DialogActions>
    </Dialog>
  );
}
