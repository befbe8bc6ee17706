import { AGE_MAX, AGE_MIN, type AuthResponse, VALIDATION_TOAST_TITLE } from '@podruga/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api.ts';
import { choose, expectToast, type Rendered, render, screen, waitFor } from '../../test/render.tsx';
import { useAuth } from '../auth/store.ts';
import { StepOne } from './StepOne.tsx';
import { CREATION_TEXTS } from './texts.ts';
import { draftStore } from './useDraft.ts';

const AGE_LINE = `Возраст (от ${AGE_MIN} до ${AGE_MAX})`;

/** What POST /api/auth/anonymous answers: a new guest. */
const GUEST: AuthResponse = {
  access_token: 'guest-token',
  user_id: 'u1',
  name: 'Гость',
  membership_type: 'guest',
  membership_expiry: null,
  email_verified: false,
};

beforeEach(() => {
  draftStore.getState().reset();
  useAuth.setState({ token: null, user: null, isAuthenticated: false });
});

/** Fills step one as a user would: her name and age, then one choice in each picture group. */
async function fillStepOne(view: Rendered, { age = '23' } = {}): Promise<void> {
  await view.user.type(screen.getByLabelText('Имя'), 'Алиса');
  await view.user.type(screen.getByLabelText('Возраст'), age);
  await choose(view.user, 'Телосложение', 'Стройное');
  await choose(view.user, 'Размер груди', 'Средняя');
  await choose(view.user, 'Форма попы', 'Спортивная');
  await choose(view.user, 'Национальность', 'Азиатка');
  await choose(view.user, 'Цвет волос', 'Брюнетка');
}

describe('creation step one (001 §2, §5)', () => {
  it('with nothing filled, «Сгенерировать и почувствовать» lists every missing field by its label and stays', async () => {
    const view = render(<StepOne />);
    const api = stubApi({});
    await view.user.click(screen.getByRole('button', { name: CREATION_TEXTS.generate }));

    await expectToast(
      VALIDATION_TOAST_TITLE,
      'Имя',
      AGE_LINE,
      'Телосложение',
      'Размер груди',
      'Форма попы',
      'Национальность',
      'Цвет волос',
    );
    expect(view.location().pathname).toBe('/');
    expect(api.calls).toEqual([]);
  });

  it('names only what is still missing, and an age out of bounds', async () => {
    const view = render(<StepOne />);
    await view.user.type(screen.getByLabelText('Имя'), 'Алиса');
    await view.user.type(screen.getByLabelText('Возраст'), String(AGE_MIN - 1));
    await choose(view.user, 'Телосложение', 'Стройное');
    await view.user.click(screen.getByRole('button', { name: CREATION_TEXTS.refine }));

    await expectToast(
      VALIDATION_TOAST_TITLE,
      AGE_LINE,
      'Размер груди',
      'Форма попы',
      'Национальность',
      'Цвет волос',
    );
    expect(view.location().pathname).toBe('/');
  });

  it('filled in, «Довести до идеала» goes on to the personality page', async () => {
    const view = render(<StepOne />);
    await fillStepOne(view);
    await view.user.click(screen.getByRole('button', { name: CREATION_TEXTS.refine }));
    await waitFor(() => expect(view.location().pathname).toBe('/personify'));
  });

  it('filled in, «Сгенерировать и почувствовать» makes a guest session, checks the count and goes to the portrait', async () => {
    const view = render(<StepOne />);
    const api = stubApi({
      'POST /api/auth/anonymous': () => GUEST,
      'GET /api/characters/': () => [],
    });
    await fillStepOne(view);
    await view.user.click(screen.getByRole('button', { name: CREATION_TEXTS.generate }));

    await waitFor(() => expect(view.location().pathname).toBe('/generation'));
    expect(api.calls).toEqual(['POST /api/auth/anonymous', 'GET /api/characters/']);
    expect(draftStore.getState()).toMatchObject({
      herName: 'Алиса',
      herAge: 23,
      lastNavigationSource: 'index',
    });
  });
});
