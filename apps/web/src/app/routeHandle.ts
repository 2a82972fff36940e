import { useMatches } from 'react-router';

/** Data each route carries for the layouts above it: the tab title. */
export interface RouteHandle {
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return matches.map((match) => match.handle).filter(isRouteHandle).at(-1);
}
