import { HomeButton } from '../../shared/ui/HomeButton.tsx';
import { StatusPage } from './StatusPage.tsx';

/** The catch-all page (and /undress, which we do not build: DESIGN §6). */
export function NotFoundPage() {
  return (
    <StatusPage
      code={404}
      title="Страница не найдена"
      text="Такой страницы нет. Возможно, ссылка устарела или в адресе опечатка."
      action={<HomeButton mt="sm" />}
    />
  );
}
