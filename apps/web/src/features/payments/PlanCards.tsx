import { Badge, Radio, Text } from '@mantine/core';
import type { Plan, Product } from '@podruga/shared';
import { planCards } from './format.ts';
import classes from './PurchasePage.module.css';

/** The three plans of 002 §9 as radio cards; the quarterly one is chosen first. */
export function PlanCards({
  product,
  value,
  onChange,
}: {
  product: Product;
  value: Plan;
  onChange: (plan: Plan) => void;
}) {
  return (
    <Radio.Group
      value={value}
      onChange={(v) => onChange(v as Plan)}
      label="Срок доступа"
      labelProps={{ className: classes.visuallyHidden }}
    >
      <div className={classes.plans}>
        {planCards(product).map((card) => (
          <Radio.Card
            key={card.plan}
            value={card.plan}
            className={classes.plan}
            aria-label={`${card.title}, ${card.price}`}
            data-plan={card.plan}
          >
            {card.badge && (
              <Badge color="pink" variant="light" size="sm">
                {card.badge}
              </Badge>
            )}
            <Text fw={700}>{card.title}</Text>
            <Text size="xs" c="dimmed">
              {card.days}
            </Text>
            <Text fw={800} size="xl" data-testid="plan-price">
              {card.price}
            </Text>
            {card.perMonth && (
              <Text size="sm" c="dimmed">
                {card.perMonth}
              </Text>
            )}
            {card.savings && (
              <Text size="sm" c="teal" fw={600}>
                {card.savings}
              </Text>
            )}
          </Radio.Card>
        ))}
      </div>
    </Radio.Group>
  );
}
