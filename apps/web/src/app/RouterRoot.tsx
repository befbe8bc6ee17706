import {
  Component,
  type ErrorInfo,
  type ReactNode,
  Suspense,
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

interface BoundaryState {
  error: unknown;
  pathname: string | undefined;
}

/**
 * A page that throws (a chunk that failed to load after a deploy) shows RouteError instead of a blank
 * app; going to another address tries again. Not keyed by the address: that would remount the layouts
 * on every navigation.
 */
class RouteErrorBoundary extends Component<
  { pathname: string | undefined; children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }
  static getDerivedStateFromProps(props: { pathname: string | undefined }, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
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
  // The boundary is there from the first render on, so a page's chunk is awaited by the transition that
  // shows it, never by a fallback inside a layout.
  return (
    <RouteMetaContext.Provider value={meta}>
      <RouteErrorBoundary pathname={shown?.pathname}>
        <Suspense fallback={null}>{shown ? element : null}</Suspense>
      </RouteErrorBoundary>
    </RouteMetaContext.Provider>
  );
}
