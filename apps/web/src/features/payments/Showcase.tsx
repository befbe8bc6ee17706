import { Text, Title } from '@mantine/core';
import type { Product } from '@podruga/shared';
import { useCatalogue } from '../gallery/api.ts';
import { productPerks } from './format.ts';
import classes from './PurchasePage.module.css';

/** The feature gallery: what the tier gives, in real numbers. */
export function FeatureGallery({ product }: { product: Product }) {
  return (
    <section className={classes.section} aria-labelledby="pay-perks">
      <Title order={2} size="h4" id="pay-perks">
        Что входит
      </Title>
      <ul className={classes.perks}>
        {productPerks(product).map((perk) => (
          <li key={perk} className={classes.perk}>
            <Text size="sm">{perk}</Text>
          </li>
        ))}
      </ul>
    </section>
  );
}

const COLLAGE_SIZE = 8;

/** The picture collage: the catalogue's portraits (no media of its own). Nothing while none is drawn. */
export function Collage() {
  const { data } = useCatalogue();
  const images = (data?.items ?? []).filter((item) => item.image).slice(0, COLLAGE_SIZE);
  if (images.length === 0) return null;
  return (
    <div className={classes.collage} aria-hidden="true">
      {images.map((item) => (
        <img key={item.id} src={item.image ?? ''} alt="" loading="lazy" decoding="async" />
      ))}
    </div>
  );
}

/** DESIGN §6: what VIP will add, without the undress tool. */
export function VipAnnouncement() {
  return (
    <section className={classes.section} aria-labelledby="pay-soon">
      <Title order={2} size="h4" id="pay-soon">
        Скоро в VIP
      </Title>
      <Text size="sm">
        Мы работаем над новыми возможностями для VIP: подруга в мессенджере на твоём телефоне и видеозвонки с
        ней. VIP получат их первыми.
      </Text>
    </section>
  );
}
