import {
  ANONYMOUS_SESSIONS_PER_HOUR,
  PRIVACY_CHANGE_NOTICE_DAYS,
  PRODUCT_FEATURES,
  type ProductFeature,
  SUPPORT_REPLY_HOURS,
  TIER_LIMITS,
} from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { type Features, type LegalDocument, PRIVACY, privacyFor, TERMS, termsFor } from './texts.ts';

const featureNames = Object.keys(PRODUCT_FEATURES) as ProductFeature[];
const withFeatures = (on: boolean): Features =>
  Object.fromEntries(featureNames.map((name) => [name, on])) as Features;
/** The whole product, every part live: the texts as they will read once every issue has landed. */
const ALL = withFeatures(true);
const NONE = withFeatures(false);
const FULL_TERMS = termsFor(ALL);
const FULL_PRIVACY = privacyFor(ALL);

const DOCUMENTS: [string, LegalDocument][] = [
  ['terms', TERMS],
  ['privacy', PRIVACY],
  ['terms (every part live)', FULL_TERMS],
  ['privacy (every part live)', FULL_PRIVACY],
  ['terms (nothing optional live)', termsFor(NONE)],
  ['privacy (nothing optional live)', privacyFor(NONE)],
];

/** Words that would promise a part of the product; none may appear while that part is not live. */
const PROMISES: Record<ProductFeature, RegExp> = {
  payments: /NOWPayments|Platega|TwinPay|CactusPay|оплаченн|VIP|платежн(ые|ых) провайдер/i,
  companionPhotos: /прислать ее фото|созданные для вас фото|ее фото/i,
  videos: /видео/i,
  voiceMessages: /голосов(ое|ые|ых) сообщени|распознавани|синтез речи/i,
  voiceCalls: /звон|ElevenLabs/i,
  likeness: /по образу/i,
  appInstall: /установленн(ое|ого|ом) приложени/i,
  push: /push/i,
  supportForm: /форму «Поддержка»/i,
  profile: /в профиле/i,
  selfServiceAccount: /выгрузить свои чаты и в любой момент удалить|Свои чаты вы можете выгрузить сами/i,
};

const allParagraphs = (doc: LegalDocument) => doc.sections.flatMap((s) => s.paragraphs);
const fullText = (doc: LegalDocument) => allParagraphs(doc).join('\n');
/** «не» as a separate word, not a part of another word. */
const NEGATION = /(^|[^а-яё])не([^а-яё]|$)/i;

describe('legal texts', () => {
  it('have the versions and dates the spec fixes', () => {
    expect(TERMS).toMatchObject({
      title: 'Пользовательское соглашение',
      version: '1.3',
      published: '10.09.2025',
    });
    expect(PRIVACY).toMatchObject({
      title: 'Политика конфиденциальности',
      version: '1.2',
      published: '10.09.2025',
    });
  });

  it('terms have the nine sections in the spec order', () => {
    expect(TERMS.sections.map((s) => s.id)).toEqual([
      'welcome',
      'rules',
      'plus',
      'content',
      'availability',
      'liability',
      'privacy',
      'updates',
      'contacts',
    ]);
  });

  it('privacy has exactly 12 sections, unique ids, ending with contacts', () => {
    const ids = PRIVACY.sections.map((s) => s.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(ids.at(-1)).toBe('contacts');
  });

  it.each(DOCUMENTS)('%s: every section has a title and 2–6 non-empty paragraphs', (_, doc) => {
    for (const section of doc.sections) {
      expect(section.title.trim(), section.id).not.toBe('');
      expect(section.paragraphs.length, section.id).toBeGreaterThanOrEqual(2);
      expect(section.paragraphs.length, section.id).toBeLessThanOrEqual(6);
      for (const p of section.paragraphs) expect(p.trim(), section.id).not.toBe('');
    }
  });

  it.each(DOCUMENTS)('%s: never claims end-to-end encryption', (_, doc) => {
    for (const p of allParagraphs(doc)) {
      if (/сквозн/i.test(p)) expect(p).toMatch(NEGATION);
      expect(p).not.toMatch(/end-to-end|e2e/i);
    }
  });

  it.each(DOCUMENTS)('%s: does not claim the servers are in Russia', (_, doc) => {
    for (const p of allParagraphs(doc))
      expect(p).not.toMatch(/сервер[а-я]*\s+(находятся\s+|расположены\s+)?в\s+России/i);
  });

  it.each(DOCUMENTS)('%s: placeholders are only {brand} and {supportEmail}, never in titles', (_, doc) => {
    for (const section of doc.sections) expect(section.title).not.toMatch(/[{}]/);
    const placeholders = fullText(doc).match(/\{[^}]*\}/g) ?? [];
    for (const placeholder of placeholders) expect(['{brand}', '{supportEmail}']).toContain(placeholder);
    // No unfilled template expression slipped through.
    expect(fullText(doc)).not.toMatch(/\$\{|undefined|null|NaN/);
  });

  it.each(featureNames)('while "%s" is not live, neither text promises it', (feature) => {
    const off = { ...ALL, [feature]: false };
    const text = `${fullText(termsFor(off))}\n${fullText(privacyFor(off))}`;
    // A few words of one feature legitimately stand in another's text; only this feature's own promises count.
    expect(text).not.toMatch(PROMISES[feature]);
  });

  it('today’s texts promise nothing that is not live', () => {
    const text = `${fullText(TERMS)}\n${fullText(PRIVACY)}`;
    for (const feature of featureNames) {
      if (!PRODUCT_FEATURES[feature]) expect(text, feature).not.toMatch(PROMISES[feature]);
    }
  });

  it('every part’s text is there for the day it lands', () => {
    const text = `${fullText(FULL_TERMS)}\n${fullText(FULL_PRIVACY)}`;
    for (const feature of featureNames) expect(text, feature).toMatch(PROMISES[feature]);
  });

  it('privacy gives the support e-mail and the numbers from shared', () => {
    const text = fullText(PRIVACY);
    expect(text).toContain('{supportEmail}');
    expect(PRIVACY.sections.at(-1)?.paragraphs.join(' ')).toContain('{supportEmail}');
    expect(text).toContain(`через ${PRIVACY_CHANGE_NOTICE_DAYS} дней после уведомления`);
    expect(text).toContain(`в течение ${SUPPORT_REPLY_HOURS} часов`);
    expect(text).toContain(`${ANONYMOUS_SESSIONS_PER_HOUR} анонимных сессий`);
    expect(text).toContain('argon2id');
  });

  it('privacy names the processors and never claims to see card data', () => {
    const text = fullText(FULL_PRIVACY);
    for (const name of ['NOWPayments', 'Platega', 'TwinPay', 'CactusPay', 'ElevenLabs'])
      expect(text).toContain(name);
    expect(text).toMatch(/Номера карт[^.]*не попадают/);
  });

  it('the terms privacy section points to the policy and states what encryption there is', () => {
    const section = TERMS.sections.find((s) => s.id === 'privacy');
    const text = section?.paragraphs.join(' ') ?? '';
    expect(text).toContain('Политике конфиденциальности');
    expect(text).toContain('TLS');
    expect(text).toMatch(/не защищена сквозным шифрованием/);
  });

  it('terms state the limits from shared', () => {
    const { guest, free, verified, pwa, plus, vip } = TIER_LIMITS;
    const rules = FULL_TERMS.sections.find((s) => s.id === 'rules')?.paragraphs.join(' ') ?? '';
    expect(rules).toContain(
      `гость — ${guest.messagesPerDay}, бесплатный аккаунт — ${free.messagesPerDay}, аккаунт с подтвержденным e-mail — ${verified.messagesPerDay}`,
    );
    expect(rules).toContain(`в установленном приложении — ${pwa.messagesPerDay}`);
    expect(rules).toContain('в полночь по московскому времени');
    // The prose speaks of "registered users" as one group and says video needs Plus.
    for (const tier of [verified, pwa]) {
      expect(tier.voiceSecondsPerDay).toBe(free.voiceSecondsPerDay);
      expect(tier.companions).toBe(free.companions);
    }
    for (const tier of [guest, free, verified, pwa]) expect(tier.videosPerDay).toBe(0);

    const plusText = FULL_TERMS.sections.find((s) => s.id === 'plus')?.paragraphs.join(' ') ?? '';
    expect(plusText).toContain(`до ${plus.messagesPerDay} сообщений`);
    expect(plusText).toContain(`до ${plus.voiceSecondsPerDay / 60} минут голосовых звонков`);
    expect(plusText).toContain(`до ${plus.videosPerDay} видео`);
    expect(plusText).toContain(`до ${vip.messagesPerDay} сообщений`);
    expect(plusText).toContain(`до ${vip.voiceSecondsPerDay / 60} минут звонков`);
    expect(plusText).toContain(`до ${vip.videosPerDay} видео`);
    expect(plusText).toMatch(/не подписка/);
    expect(plusText).not.toMatch(/безлимитн|неограниченн[а-я]* (число|количество) сообщений/i);
  });

  it('terms keep the original rules that are true', () => {
    const text = fullText(FULL_TERMS);
    expect(text).toContain('18 лет');
    expect(text).toContain('удалению аккаунта без предупреждения');
    expect(text).toContain('сразу и безвозвратно');
    expect(text).toContain('выгрузить');
    expect(text).toContain('напоминание на e-mail');
    expect(text).toContain(`не более ${ANONYMOUS_SESSIONS_PER_HOUR} анонимных сессий в час`);
  });
});
