import { Badge, Group, Radio, Text, Tooltip } from '@mantine/core';
import { PAYMENT_MESSAGES } from '@podruga/shared';
import { PAY_OPTIONS, type PayOption, unavailableText, usePaymentModes } from './methods.ts';
import classes from './PurchasePage.module.css';

/** The ways to pay; a method the server has switched off is disabled with its tooltip. */
export function PayMethods({ value, onChange }: { value: PayOption; onChange: (option: PayOption) => void }) {
  const modeOf = usePaymentModes();
  return (
    <Radio.Group
      value={value}
      onChange={(v) => onChange(v as PayOption)}
      label="Способ оплаты"
      labelProps={{ className: classes.visuallyHidden }}
    >
      <div className={classes.methods}>
        {PAY_OPTIONS.map((option) => {
          const mode = modeOf(option.method);
          const off = mode === 'off';
          const card = (
            <Radio.Card
              key={option.value}
              value={option.value}
              disabled={off}
              data-disabled={off || undefined}
              className={classes.method}
              aria-label={option.label}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Radio.Indicator disabled={off} mt={2} />
                <div>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {option.label}
                    </Text>
                    {mode === 'sandbox' && (
                      <Badge size="xs" color="yellow" variant="light">
                        {PAYMENT_MESSAGES.sandboxTitle}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {option.description}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          );
          return off ? (
            <Tooltip
              key={option.value}
              label={unavailableText(option.method)}
              events={{ hover: true, focus: true, touch: true }}
            >
              <div>{card}</div>
            </Tooltip>
          ) : (
            card
          );
        })}
      </div>
    </Radio.Group>
  );
}
