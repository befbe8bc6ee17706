import { AGE_MAX, AGE_MIN, VALIDATION_TOAST_TITLE } from '@podruga/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api.ts';
import { choose, expectToast, type Rendered, render, screen, waitFor } from '../../test/render.tsx';
import { useAuth } from '../auth/store.ts';
import { PersonalityPage } from './PersonalityPage.tsx';
import { CREATION_TEXTS } from './texts.ts';
import { draftStore } from './useDraft.ts';

const missing = (list: string) => `Пожалуйста, заполните следующие обязательные поля: ${list}`;

/** Step one as the index page leaves it when its fields are filled in. */
function stepOneDone(): void {
  const draft = draftStore.getState();
  draft.update({ herName: 'Алиса', herAge: 23, ethnicity: 'asian', voice: 'brunette' });
  draft.selectImage('herbody', 'slim');
  draft.selectImage('herbreasts', 'medium');
  draft.selectImage('herbutt', 'fit');
}

async function pick({ user }: Rendered, select: string, option: string): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  draftStore.getState().reset();
  useAuth.setState({ token: 'member-token', user: null, isAuthenticated: true });
});

describe('creation step two, the personality page (001 §2, §5)', () => {
  it('names every field still to choose, in the page order, and names fewer as they are chosen', async () => {
    stepOneDone();
    const view = render(<PersonalityPage />, { route: '/personify' });
    const create = () => view.user.click(screen.getByRole('button', { name: CREATION_TEXTS.create }));

    await create();
    await expectToast(
      VALIDATION_TOAST_TITLE,
      missing('Характер, Профессия, Сексуальные привычки, Манера речи, Прическа, Оттенок кожи'),
    );

    await choose(view.user, 'Характер', 'Заботливая');
    await choose(view.user, 'Профессия', 'Актриса');
    await pick(view, 'Прическа', 'Пикси');
    await create();
    await expectToast(VALIDATION_TOAST_TITLE, missing('Сексуальные привычки, Манера речи, Оттенок кожи'));
    expect(view.location().pathname).toBe('/personify');
  });

  it('reached without step one, asks for step one first', async () => {
    const view = render(<PersonalityPage />, { route: '/personify' });
    await view.user.click(screen.getByRole('button', { name: CREATION_TEXTS.create }));
    await expectToast(
      VALIDATION_TOAST_TITLE,
      'Имя',
      `Возраст (от ${AGE_MIN} до ${AGE_MAX})`,
      'Телосложение',
      'Размер груди',
      'Форма попы',
      'Национальность',
      'Цвет волос',
    );
  });

  it('with everything chosen, checks the companion count and goes to the portrait', async () => {
    stepOneDone();
    const view = render(<PersonalityPage />, { route: '/personify' });
    const api = stubApi({ 'GET /api/characters/': () => [] });
    await choose(view.user, 'Характер', 'Заботливая');
    await choose(view.user, 'Профессия', 'Актриса');
    await choose(view.user, 'Сексуальные привычки', 'Стеснительная');
    await choose(view.user, 'Манера речи', 'Непринуждённая');
    await pick(view, 'Прическа', 'Пикси');
    await pick(view, 'Оттенок кожи', 'Светлая');
    await view.user.click(screen.getByRole('button', { name: CREATION_TEXTS.create }));

    await waitFor(() => expect(view.location().pathname).toBe('/generation'));
    expect(api.calls).toEqual(['GET /api/characters/']);
    expect(draftStore.getState()).toMatchObject({
      personality: 'Sweet_Fool',
      hairstyle: 'pixie cut',
      skin_shade: 'fair',
      lastNavigationSource: 'personality',
    });
  });
});
