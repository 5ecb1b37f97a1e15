import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A search box bound to the URL's `q`: what is typed goes into the URL 300 ms after the last
 * key (replacing the history entry, keeping the other parameters), and a `q` the URL gets
 * from elsewhere (back/forward, a link) shows in the box. Returns the URL's q, and the box's
 * text with its setter.
 */
export function useUrlSearch(): { q: string; text: string; setText: (text: string) => void } {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const typed = useRef(q);
  useEffect(() => {
    if (q !== typed.current) {
      typed.current = q;
      setText(q);
    }
  }, [q]);
  useEffect(() => {
    const value = text.trim().slice(0, 200);
    if (value === typed.current) return;
    const timer = window.setTimeout(() => {
      typed.current = value;
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set('q', value);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => window.clearTimeout(timer);
  }, [text, setParams]);
  return { q, text, setText };
}
