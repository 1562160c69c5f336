import { useLocation, useNavigate } from 'react-router-dom';
import { closeTag } from '../../../store/tags-store';

/** Closes this screen's tab and goes to `next` (Saber: close the tag, back to the list). */
export function useCloseScreen(next: string) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return () => {
    closeTag(`${pathname}${search}`);
    navigate(next);
  };
}
