import { LIKENESS_TEXTS, LLM_PROCESS_FALLBACKS, type User } from '@podruga/shared';
import { SAMPLE_USER } from '@podruga/shared/testing';
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../test/api.ts';
import { act, expectToast, type Rendered, render, screen, waitFor } from '../../test/render.tsx';
import { useAuth } from '../auth/store.ts';
import { ExGeneratePage } from './ExGeneratePage.tsx';
import { LikenessPage } from './LikenessPage.tsx';
import { likenessStore } from './store.ts';

const MEMBER: User = { ...SAMPLE_USER, email_verified: true };
const PLUS: User = { ...MEMBER, membership_type: 'plus', membership_expiry: '2099-01-01T00:00:00Z' };

function signIn(user: User): void {
  useAuth.setState({ token: 'token', user, isAuthenticated: true, isInitialized: true });
}

const scrolled: string[] = [];
beforeEach(() => {
  likenessStore.reset();
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this.id);
  });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The field messages on screen, in the page's order (toasts left out). */
function fieldErrors(): string[] {
  return [...document.querySelectorAll('.mantine-InputWrapper-error, [role="alert"]')]
    .filter((el) => !el.closest('.mantine-Notification-root'))
    .map((el) => el.textContent ?? '');
}

async function pick(view: Rendered, select: string, option: string): Promise<void> {
  await view.user.click(screen.getByRole('combobox', { name: select }));
  await view.user.click(await screen.findByRole('option', { name: option }));
}

const photoFile = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], 'me.jpg', { type: 'image/jpeg' });

async function uploadPhoto(_view: Rendered, file = photoFile()): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  // As a browser's picker with "all files" chosen: `accept` is only a hint, the page checks the file.
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

const SUGGESTED = {
  success: true,
  suggestions: { hair_color: 'red', hairstyle: 'bob_cut', body_type: 'athletic', skin_shade: null },
  estimate: false,
  note: LIKENESS_TEXTS.suggestionsApplied,
};

async function fillAll(view: Rendered): Promise<void> {
  await uploadPhoto(view);
  await screen.findByTestId('photo-note');
  await pick(view, 'Национальность', 'Латиноамериканская');
  await pick(view, 'Размер груди', 'Средняя');
  await pick(view, 'Форма попы', 'Спортивная');
  await pick(view, 'Оттенок кожи', 'Золотистая');
  await view.user.type(
    screen.getByRole('textbox', { name: 'Описание' }),
    'Любит горы, кофе по утрам и долгие разговоры.',
  );
}

describe('/ex, creation by likeness (001 §2, §4, §5)', () => {
  it('says in one sentence what the photo is for; a failed submit lists the messages in the spec order and scrolls to the first', async () => {
    signIn(PLUS);
    stubApi({});
    const view = render(<LikenessPage />, { route: '/ex' });
    expect(screen.getByRole('heading', { name: 'Создание по образу' })).toBeTruthy();
    expect(screen.getByTestId('photo-promise').textContent).toBe(LIKENESS_TEXTS.photoPromise);
    await view.user.clear(screen.getByRole('textbox', { name: 'Имя' }));
    await view.user.click(screen.getByRole('button', { name: LIKENESS_TEXTS.create }));
    await expectToast(LIKENESS_TEXTS.formInvalid);
    expect(fieldErrors()).toEqual([
      'Фото обязательно',
      'Имя обязательно',
      'Выберите национальность',
      'Выберите телосложение',
      'Выберите размер',
      'Выберите размер',
      'Выберите оттенок',
      'Выберите цвет волос',
      'Выберите прическу',
      'Описание обязательно',
    ]);
    expect(scrolled).toEqual(['likeness-photo']);
  });

  it('the age and description rules, and the photo checks before sending', async () => {
    signIn(PLUS);
    stubApi({});
    const view = render(<LikenessPage />, { route: '/ex' });
    const age = screen.getByRole('spinbutton', { name: 'Возраст' });
    await view.user.clear(age);
    await view.user.click(screen.getByRole('button', { name: LIKENESS_TEXTS.create }));
    expect(fieldErrors()).toContain('Возраст обязателен');
    await view.user.type(age, '17');
    expect(fieldErrors()).toContain('Должно быть 18+');
    await view.user.clear(age);
    await view.user.type(age, '71');
    expect(fieldErrors()).toContain('Не более 70');
    await view.user.type(screen.getByRole('textbox', { name: 'Описание' }), 'коротко');
    expect(fieldErrors()).toContain('Минимум 20 символов для хорошего описания');

    await uploadPhoto(view, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(fieldErrors()[0]).toBe('Неподдерживаемый формат файла');
    const big = new File([new Uint8Array(5_000_001)], 'big.png', { type: 'image/png' });
    await uploadPhoto(view, big);
    expect(fieldErrors()[0]).toBe('Файл слишком большой (максимум 5MB)');
  });

  it('the photo measured by the browser: under 200×200, or not decodable, is refused before sending', async () => {
    signIn(PLUS);
    stubApi({});
    const view = render(<LikenessPage />, { route: '/ex' });
    const bitmap = vi.fn(async () => ({ width: 150, height: 300, close: () => {} }));
    vi.stubGlobal('createImageBitmap', bitmap);
    try {
      await uploadPhoto(view);
      expect(fieldErrors()[0]).toBe('Изображение слишком маленькое. Минимум 200x200 пикселей.');
      bitmap.mockRejectedValueOnce(new Error('broken'));
      await uploadPhoto(view);
      expect(fieldErrors()[0]).toBe('Файл не может быть загружен');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the completion bar: 11 checks, red under 33, yellow under 66, blue under 100, green at 100', async () => {
    signIn(PLUS);
    stubApi({ 'POST /api/likeness/analyze': () => SUGGESTED });
    const view = render(<LikenessPage />, { route: '/ex' });
    const bar = () => screen.getByTestId('completion-bar');
    // The preset name and the default age: 2 of 11.
    expect(screen.getByTestId('completion').textContent).toBe('18%');
    expect(bar().dataset.tone).toBe('negative');
    await uploadPhoto(view);
    await screen.findByTestId('photo-note');
    // + photo, hair colour, hairstyle, body type: 6 of 11.
    expect(screen.getByTestId('completion').textContent).toBe('55%');
    expect(bar().dataset.tone).toBe('warning');
    await pick(view, 'Национальность', 'Азиатская');
    await pick(view, 'Размер груди', 'Большая');
    expect(bar().dataset.tone).toBe('info');
    await pick(view, 'Форма попы', 'Маленькая');
    await pick(view, 'Оттенок кожи', 'Светлая');
    await view.user.type(screen.getByRole('textbox', { name: 'Описание' }), 'Смешливая, любит котов и кино.');
    expect(screen.getByTestId('completion').textContent).toBe('100%');
    expect(bar().dataset.tone).toBe('positive');
  });

  it('suggestions from the photo fill their fields, and every one can be changed', async () => {
    signIn(PLUS);
    const api = stubApi({ 'POST /api/likeness/analyze': () => SUGGESTED });
    const view = render(<LikenessPage />, { route: '/ex' });
    await uploadPhoto(view);
    expect((await screen.findByTestId('photo-note')).textContent).toBe(LIKENESS_TEXTS.suggestionsApplied);
    const value = (name: string) => (screen.getByRole('combobox', { name }) as HTMLInputElement).value;
    expect(value('Цвет волос')).toBe('Рыжие');
    expect(value('Прическа')).toBe('Боб');
    expect(value('Телосложение')).toBe('Спортивное');
    expect(value('Оттенок кожи')).toBe('');
    await pick(view, 'Цвет волос', 'Чёрные');
    await pick(view, 'Прическа', 'Высокий хвост');
    expect(value('Цвет волос')).toBe('Чёрные');
    expect(value('Прическа')).toBe('Высокий хвост');
    expect(api.calls).toEqual(['POST /api/likeness/analyze']);
  });

  it('a refused photo: the server text, and the photo no longer counts', async () => {
    signIn(PLUS);
    stubApi({
      'POST /api/likeness/analyze': () => {
        throw apiError(400, { detail: LIKENESS_TEXTS.refusedSeveral, code: 'likeness_refused' });
      },
    });
    const view = render(<LikenessPage />, { route: '/ex' });
    await uploadPhoto(view);
    expect(await screen.findByText(LIKENESS_TEXTS.refusedSeveral)).toBeTruthy();
    expect(screen.getByTestId('completion').textContent).toBe('18%');
  });

  it('create: the two enrichment calls in sequence, then the previews; /exgenerate after 1 s', async () => {
    signIn(PLUS);
    const api = stubApi({
      'POST /api/likeness/analyze': () => SUGGESTED,
      'POST /api/llm/process': (o) => ({
        success: true,
        response: (o.json as { task_type: string }).task_type === 'image_prompt' ? 'soft light' : 'Весёлая',
      }),
      'POST /api/exgenerate/basic-generate': (o) => {
        expect(Object.keys(o.json as object).sort()).toEqual(
          [
            'age',
            'body_type',
            'breast_size',
            'butt',
            'ethnicity',
            'hair_color',
            'hairstyle',
            'skin_shade',
          ].sort(),
        );
        return {
          success: true,
          image: 'AAAA',
          images: [
            {
              image_data: 'AAAA',
              model_name: 'qwen-image',
              model_display_name: 'Pony Realism',
              prompt: 'p',
              preview_token: 't1',
            },
          ],
        };
      },
    });
    const view = render(<LikenessPage />, { route: '/ex' });
    await fillAll(view);
    await view.user.click(screen.getByRole('button', { name: LIKENESS_TEXTS.create }));
    await screen.findByText(LIKENESS_TEXTS.prepared);
    expect(api.calls).toEqual([
      'POST /api/likeness/analyze',
      'POST /api/llm/process',
      'POST /api/llm/process',
      'POST /api/exgenerate/basic-generate',
    ]);
    expect(view.location().pathname).toBe('/ex');
    await waitFor(() => expect(view.location().pathname).toBe('/exgenerate'), { timeout: 2500 });
    const work = likenessStore.get();
    expect(work.imagePrompt).toBe('soft light');
    expect(work.characterPrompt).toBe('Весёлая');
    expect(work.character?.description).toBe('Любит горы, кофе по утрам и долгие разговоры.');
    expect(JSON.stringify(work)).not.toContain('me.jpg');
  });

  it('a description the safety checks refuse: the language-model error text', async () => {
    signIn(PLUS);
    stubApi({
      'POST /api/likeness/analyze': () => SUGGESTED,
      'POST /api/llm/process': () => {
        throw apiError(400, { detail: 'Нельзя создавать реальных людей', code: 'safety_refused' });
      },
    });
    const view = render(<LikenessPage />, { route: '/ex' });
    await fillAll(view);
    await view.user.click(screen.getByRole('button', { name: LIKENESS_TEXTS.create }));
    await expectToast(`${LIKENESS_TEXTS.llmFailed}: Нельзя создавать реальных людей`);
  });

  it('a failing language model falls back to the spec texts and goes on', async () => {
    signIn(PLUS);
    stubApi({
      'POST /api/likeness/analyze': () => SUGGESTED,
      'POST /api/llm/process': () => {
        throw apiError(503, { detail: 'x', code: 'provider_error' });
      },
      'POST /api/exgenerate/basic-generate': () => {
        throw apiError(503, { detail: 'Сервис генерации изображений перегружен', code: 'provider_error' });
      },
    });
    const view = render(<LikenessPage />, { route: '/ex' });
    await fillAll(view);
    await view.user.click(screen.getByRole('button', { name: LIKENESS_TEXTS.create }));
    await expectToast(`${LIKENESS_TEXTS.prepareFailed}: Сервис генерации изображений перегружен`);
    expect(likenessStore.get().imagePrompt).toBe('');
    expect(LLM_PROCESS_FALLBACKS.image_prompt).toBe('No visual enhancements suggested.');
  });

  it('a user without Plus gets the upsell: Улучшить до Plus → /plus', async () => {
    signIn(MEMBER);
    stubApi({});
    const view = render(<LikenessPage />, { route: '/ex' });
    expect(await screen.findByText(LIKENESS_TEXTS.upsellText)).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Улучшить до Plus' }));
    expect(view.location().pathname).toBe('/plus');
  });

  it('the upsell: Назад → /', async () => {
    signIn(MEMBER);
    stubApi({});
    const view = render(<LikenessPage />, { route: '/ex' });
    await view.user.click(await screen.findByRole('button', { name: 'Назад' }));
    expect(view.location().pathname).toBe('/');
  });
});

describe('/exgenerate (001 §4)', () => {
  const PREVIEWS = [1, 2, 3].map((n) => ({
    image_data: `QUJD${n}`,
    model_name: 'qwen-image',
    model_display_name: 'Pony Realism',
    prompt: 'p',
    preview_token: `token-${n}`,
  }));
  const CHARACTER = {
    id: '5b1f7f7e-5a0a-4d8e-9d55-7d7f2d9b0a11',
    name: 'Марина',
    age: 27,
    ethnicity: 'hispanic' as const,
    body_type: 'athletic' as const,
    breast_size: 'medium' as const,
    butt: 'fit' as const,
    skin_shade: 'golden_tan' as const,
    hair_color: 'red' as const,
    hairstyle: 'bob_cut' as const,
    description: 'Любит горы, кофе по утрам и долгие разговоры.',
  };

  it('pick a preview: she is created (ex), the preview becomes her portrait, her chat opens after 1 s', async () => {
    signIn(PLUS);
    likenessStore.set({ previews: PREVIEWS, character: CHARACTER, characterId: CHARACTER.id });
    const api = stubApi({
      'POST /api/characters/ex': (o) => ({ ...(o.json as object), is_ex: true }),
      [`POST /api/exgenerate/select-model/${CHARACTER.id}`]: (o) => {
        expect(o.json).toMatchObject({ image_data: 'QUJD2', preview_token: 'token-2' });
        return { status: 'success', message: LIKENESS_TEXTS.selected };
      },
      'POST /api/chats/': () => ({ id: 'chat-1' }),
      'POST /api/create_chat_directory': () => ({ success: true }),
    });
    const view = render(<ExGeneratePage />, { route: '/exgenerate' });
    await view.user.click(screen.getByRole('button', { name: LIKENESS_TEXTS.choose }));
    await expectToast(LIKENESS_TEXTS.noImageSelected);
    await view.user.click(screen.getByRole('radio', { name: 'Портрет 2' }));
    await view.user.click(screen.getByRole('button', { name: LIKENESS_TEXTS.choose }));
    await screen.findByText(LIKENESS_TEXTS.created);
    expect(api.calls).toEqual([
      'POST /api/characters/ex',
      `POST /api/exgenerate/select-model/${CHARACTER.id}`,
      'POST /api/chats/',
      'POST /api/create_chat_directory',
    ]);
    await waitFor(() => expect(view.location().pathname).toBe('/chat/chat-1'), { timeout: 2500 });
  });

  it('a retry after a lost answer: her id already taken (409) counts as created, and the rest goes on', async () => {
    signIn(PLUS);
    likenessStore.set({
      previews: PREVIEWS,
      character: CHARACTER,
      characterId: CHARACTER.id,
      selectedIndex: 0,
    });
    const api = stubApi({
      'POST /api/characters/ex': () => {
        throw apiError(409, { detail: 'Подруга с таким идентификатором уже есть', code: 'conflict' });
      },
      [`POST /api/exgenerate/select-model/${CHARACTER.id}`]: () => ({ status: 'success', message: 'ok' }),
      'POST /api/chats/': () => ({ id: 'chat-2' }),
      'POST /api/create_chat_directory': () => ({ success: true }),
    });
    const view = render(<ExGeneratePage />, { route: '/exgenerate' });
    await view.user.click(screen.getByRole('button', { name: LIKENESS_TEXTS.choose }));
    await screen.findByText(LIKENESS_TEXTS.created);
    expect(api.calls).toHaveLength(4);
  });

  it('nothing prepared: the way back to the form', async () => {
    signIn(PLUS);
    stubApi({});
    const view = render(<ExGeneratePage />, { route: '/exgenerate' });
    await view.user.click(screen.getByRole('button', { name: LIKENESS_TEXTS.backToForm }));
    expect(view.location().pathname).toBe('/ex');
  });
});
