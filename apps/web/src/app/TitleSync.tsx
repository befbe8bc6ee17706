import { useEffect } from 'react';
import { create } from 'zustand';
import { getBrand } from './brand.ts';
import { useRouteMeta } from './routeMeta.ts';

/** "{page} — {brand}", or the brand's own title on pages without a name. */
function pageTitle(page: string | undefined): string {
  const brand = getBrand();
  return page ? `${page} — ${brand.logoText}` : brand.title;
}

/** A title a page sets from its data (the chat layout's dynamic title), over the route's own. */
const useTitleOverride = create<{ title: string | null }>(() => ({ title: null }));

/** Sets the tab title from the deepest route that names its page (002 §2 "Page titles are set per route"). */
export function TitleSync() {
  const { title } = useRouteMeta();
  const override = useTitleOverride((s) => s.title);
  const text = pageTitle(override ?? title);
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}

/** For pages whose title depends on their data; cleared when the page goes away. */
export function usePageTitle(page: string | null | undefined): void {
  useEffect(() => {
    useTitleOverride.setState({ title: page || null });
    return () => useTitleOverride.setState({ title: null });
  }, [page]);
}
