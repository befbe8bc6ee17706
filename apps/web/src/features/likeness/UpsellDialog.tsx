import { Button, Text } from '@mantine/core';
import { LIKENESS_TEXTS } from '@podruga/shared';
import { useNavigate } from 'react-router';
import { Dialog, DialogActions } from '../../shared/ui/Dialog.tsx';

/** Non-Plus users (001 §2): 'Назад' (to /) or 'Улучшить до Plus' (to /plus). */
export function UpsellDialog({ opened }: { opened: boolean }) {
  const navigate = useNavigate();
  return (
    <Dialog opened={opened} onClose={() => navigate('/')} title={LIKENESS_TEXTS.upsellTitle}>
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
