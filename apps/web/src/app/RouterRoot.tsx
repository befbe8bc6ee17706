import {
  Component,
  type ErrorInfo,
  type ReactNode,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Location, useLocation, useNavigate, useRoutes } from 'react-router';
import { createGuard, metaFor } from './guard.ts';
import { setRouter } from './navigation.ts';
import { RouteError } from './RouteError.tsx';
import { RouteMetaContext } from './routeMeta.ts';
import { routes } from './routes.tsx';

const guard = createGuard(() => routes);

/** A page that throws (a chunk that failed to load after a deploy) shows RouteError instead of a blank app. */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/**
 * The routes of app/routes.tsx, shown only once the guard has let their location through (002 §2): until
 * then the previous page stays (the first time: nothing, under the loading screen). A redirect from the
 * guard replaces the location it refused.
 */
export function RouterRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Location | null>(null);
  const firstKey = useRef(location.key);

  useEffect(() => {
    setRouter({ navigate: (to, options) => navigate(to, options), state: { initialized: true } });
  }, [navigate]);

  useEffect(() => {
    let current = true;
    const url = new URL(`${location.pathname}${location.search}${location.hash}`, window.location.origin);
    void guard(url, location.key === firstKey.current).then((to) => {
      if (!current) return;
      if (to !== null) navigate(to, { replace: true });
      // A transition: the page being left stays on screen while the next one's chunk loads.
      else startTransition(() => setShown(location));
    });
    return () => {
      current = false;
    };
  }, [location, navigate]);

  const meta = useMemo(() => (shown ? metaFor(routes, shown.pathname) : {}), [shown]);
  const element = useRoutes(routes, shown ?? location);
  if (!shown) return null;
  return (
    <RouteMetaContext.Provider value={meta}>
      <RouteErrorBoundary key={shown.pathname}>{element}</RouteErrorBoundary>
    </RouteMetaContext.Provider>
  );
}
