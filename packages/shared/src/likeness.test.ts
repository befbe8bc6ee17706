import { describe, expect, it } from 'vitest';
import {
  LIKENESS_FIELDS,
  type LikenessFormValues,
  likenessCompletion,
  likenessPhotoError,
  likenessProgressTone,
  validateLikenessForm,
} from './likeness.ts';

const FILLED: LikenessFormValues = {
  photo: true,
  name: 'Марина',
  age: 25,
  ethnicity: 'asian',
  body_type: 'thin',
  breast_size: 'small',
  butt: 'fit',
  skin_shade: 'golden_tan',
  hair_color: 'green',
  hairstyle: 'long',
  description: 'Любит горы и долгие разговоры.',
};

describe('the likeness form (001 §4, §5)', () => {
  it('11 checks; the progress tones at their edges', () => {
    expect(LIKENESS_FIELDS).toHaveLength(11);
    expect(likenessCompletion(FILLED)).toBe(100);
    expect(likenessCompletion({ ...FILLED, photo: false, description: 'коротко' })).toBe(82);
    expect([0, 32, 33, 65, 66, 99, 100].map(likenessProgressTone)).toEqual([
      'negative',
      'negative',
      'warning',
      'warning',
      'info',
      'info',
      'positive',
    ]);
  });

  it('messages in the spec order; values outside the lists fail', () => {
    expect(validateLikenessForm(FILLED)).toEqual([]);
    expect(
      validateLikenessForm({ ...FILLED, age: 17, hairstyle: 'high ponytail', description: '  ' }).map(
        (f) => f.message,
      ),
    ).toEqual(['Должно быть 18+', 'Выберите прическу', 'Описание обязательно']);
    expect(validateLikenessForm({ ...FILLED, age: 71 })[0]?.message).toBe('Не более 70');
    expect(validateLikenessForm({ ...FILLED, age: null })[0]?.message).toBe('Возраст обязателен');
  });

  it('the photo: jpg/png only, at most 5,000,000 bytes', () => {
    expect(likenessPhotoError({ name: 'a.JPG', type: '', size: 10 })).toBeNull();
    expect(likenessPhotoError({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe(
      'Неподдерживаемый формат файла',
    );
    expect(likenessPhotoError({ name: 'a.png', type: 'image/png', size: 5_000_000 })).toBeNull();
    expect(likenessPhotoError({ name: 'a.png', type: 'image/png', size: 5_000_001 })).toBe(
      'Файл слишком большой (максимум 5MB)',
    );
  });
});
