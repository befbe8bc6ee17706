import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { getBrand } from '../../app/brand.ts';
import { Bell } from '../notifications/Bell.tsx';
import classes from './Header.module.css';
import { ThemeToggle } from './ThemeToggle.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The page scrolls inside #root (body has the scroll-lock class). */
function scrollToTop(): void {
  document.getElementById('root')?.scrollTo({ top: 0, behavior: 'smooth' });
}

/** Brand logo, notification bell, theme toggle, user menu (001 §2 Header). */
export function Header() {
  const brand = getBrand();
  return (
    <header className={classes.header}>
      <div className={classes.inner}>
        <UnstyledButton
          component={Link}
          to="/"
          className={classes.logo}
          aria-label={`${brand.logoText} — на главную`}
          onClick={scrollToTop}
        >
          {brand.logoText}
        </UnstyledButton>
        <div className={classes.actions}>
          <Bell />
          <ThemeToggle />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
