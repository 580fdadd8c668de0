import { useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * /redirect/{path}: opens `/{path}` again, replacing itself in the history. Passing through
 * here unmounts the page, so "refresh" in the tabs strip rebuilds it without reloading the app.
 */
export function RedirectPage() {
  const splat = useParams({ strict: false, select: (p) => p._splat ?? '' });
  const search = useLocation({ select: (l) => l.searchStr });
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ href: `/${splat}${search}`, replace: true });
  }, [navigate, splat, search]);
  return null;
}
