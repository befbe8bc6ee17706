import { CRISIS_PAGE_PATH, type CrisisLines } from '@podruga/shared';
import { describe, expect, it } from 'vitest';
import { metaFor } from '../../app/guard.ts';
import { guardStep } from '../../app/guardRules.ts';
import { routes } from '../../app/routes.tsx';
import { render, screen, within } from '../../test/render.tsx';
import { AdultGateHost } from '../adult/AdultGateHost.tsx';
import { CrisisPage } from './CrisisPage.tsx';
import { CRISIS_TEXTS } from './texts.ts';

/** Test data of the shape crisis.ts gives (not the verified defaults). */
const LINES: CrisisLines = {
  RU: [
    {
      name: 'Телефон доверия',
      phone: '8-800-000-00-00',
      hours: 'круглосуточно',
      free: true,
      source: 'https://example.ru',
    },
  ],
  US: [
    {
      name: '988 Lifeline',
      phone: '988',
      url: 'https://988lifeline.org',
      hours: 'круглосуточно',
      free: true,
      source: 'https://988lifeline.org',
    },
  ],
  default: [
    {
      name: 'Список линий мира',
      url: 'https://findahelpline.example',
      hours: 'по странам',
      free: true,
      audience: 'для любой страны',
      source: 'https://findahelpline.example',
    },
  ],
};

const section = (name: string) => screen.getByRole('region', { name });

describe('the crisis page (issue 27)', () => {
  it('first of all: 112, to call at once', () => {
    render(<CrisisPage lines={LINES} />, { route: CRISIS_PAGE_PATH });
    expect(screen.getByRole('heading', { level: 1, name: CRISIS_TEXTS.title })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('позвоните 112');
    expect(screen.getByRole('link', { name: 'Позвонить 112' }).getAttribute('href')).toBe('tel:112');
  });

  it('describes the protocol, that she is an AI and not a crisis service, and what is counted and why', () => {
    render(<CrisisPage lines={LINES} />, { route: CRISIS_PAGE_PATH });
    expect(within(section(CRISIS_TEXTS.protocolTitle)).getByText(/сразу выходит из роли/)).toBeTruthy();
    expect(within(section(CRISIS_TEXTS.protocolTitle)).getByText(/в голосовом звонке/)).toBeTruthy();
    expect(within(section(CRISIS_TEXTS.protocolTitle)).getByText(/умираю со смеху/)).toBeTruthy();
    expect(within(section(CRISIS_TEXTS.aiTitle)).getByText(/ИИ-компаньон.*Она не человек/)).toBeTruthy();
    const count = section(CRISIS_TEXTS.countTitle);
    expect(within(count).getByText(/Это только число: без имени, аккаунта/)).toBeTruthy();
    expect(within(count).getByText(/Раз в год.*SB 243/)).toBeTruthy();
  });

  it('lists the help lines by country, numbers as tel: links and sites as links, other countries last', () => {
    render(<CrisisPage lines={LINES} />, { route: CRISIS_PAGE_PATH });
    const lines = section(CRISIS_TEXTS.linesTitle);
    expect(
      within(lines)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Россия', 'Соединенные Штаты', 'Другие страны']);
    const russia = within(lines).getByRole('list', { name: 'Россия' });
    expect(within(russia).getByRole('link', { name: '8-800-000-00-00' }).getAttribute('href')).toBe(
      'tel:88000000000',
    );
    expect(within(russia).getByText('круглосуточно, бесплатно')).toBeTruthy();
    const us = within(lines).getByRole('list', { name: 'Соединенные Штаты' });
    expect(within(us).getByRole('link', { name: '988' }).getAttribute('href')).toBe('tel:988');
    expect(within(us).getByRole('link', { name: '988lifeline.org' }).getAttribute('href')).toBe(
      'https://988lifeline.org',
    );
    const other = within(lines).getByRole('list', { name: 'Другие страны' });
    expect(within(other).getByText('по странам, бесплатно, для любой страны')).toBeTruthy();
  });

  it('without lines, still says which number to call', () => {
    render(<CrisisPage lines={{ default: [] }} />, { route: CRISIS_PAGE_PATH });
    expect(within(section(CRISIS_TEXTS.linesTitle)).getByText(CRISIS_TEXTS.noLines)).toBeTruthy();
  });
});

describe('the crisis page is open to anyone', () => {
  it('is a route of its own with its title; the guard lets a visitor with no session through', () => {
    const meta = metaFor(routes, CRISIS_PAGE_PATH);
    expect(meta).toMatchObject({ title: CRISIS_TEXTS.title, skipAuth: true });
    expect(meta.requiresAuth).toBeUndefined();
    const step = guardStep({
      pathname: CRISIS_PAGE_PATH,
      search: '',
      meta,
      hasToken: false,
      debugAccess: false,
      maintenance: false,
      firstNavigation: true,
      arrivedWithSession: false,
      lastVisitedPath: null,
    });
    expect(step).toEqual({ kind: 'pass' });
  });

  it('before the 18+ answer: no gate over it; the next page asks', async () => {
    const first = render(<AdultGateHost />, { route: CRISIS_PAGE_PATH });
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    render(<AdultGateHost />, { route: '/' });
    expect(await screen.findByRole('dialog', { name: 'Только для взрослых' })).toBeTruthy();
  });
});
