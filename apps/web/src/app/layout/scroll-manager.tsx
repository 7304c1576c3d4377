import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { focusHeadingOf } from '../../components/page-header.tsx';

/**
 * Scroll positions by history entry, in memory only: React Router's `<ScrollRestoration>` would
 * write them to sessionStorage, where the portal keeps nothing but its three keys
 * (docs/product.md §2).
 */
const positions = new Map<string, number>();

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return false;
  }
  const target = document.getElementById(id);
  target?.scrollIntoView();
  return !!target;
}

/**
 * Back and forward return to where the user was on that entry; a new entry starts at its
 * `#anchor`, else at the top. Rendered once the screen's content is there, so the first page
 * of a visit also scrolls to its anchor.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Switched in the same commit as the new screen, so every later scroll counts for the new entry.
  const currentKey = useRef(location.key);
  // The first screen of a visit keeps the browser's focus; later screens move it to their heading.
  const shownPath = useRef(location.pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    focusHeadingOf(location.pathname);
  }, [location.pathname]);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (scrollToHash(location.hash)) return;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
