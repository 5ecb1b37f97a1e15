import { useCallback, useEffect, useRef, useState } from 'react';

/** The reply's body: a sandboxed document without scripts, sized to its content. */
export function BodyFrame({ id }: { id: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [remote, setRemote] = useState(false);
  const [remoteCount, setRemoteCount] = useState(0);
  const [height, setHeight] = useState(120);
  const observer = useRef<ResizeObserver | null>(null);
  const src = `/dashboard/api/replies/${encodeURIComponent(id)}/body${remote ? '?remote_images=true' : ''}`;

  const measure = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.documentElement) return;
    // the content's height, not the frame's (documentElement.scrollHeight is never less than the
    // frame): a quote opened grows the frame, closed again shrinks it (docs/dashboard.md)
    const content = Math.max(doc.documentElement.offsetHeight, doc.body?.scrollHeight ?? 0);
    setHeight(Math.max(60, Math.min(content + 4, 20000)));
  }, []);

  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    measure();
    const meta = doc.querySelector('meta[name="replydesk-remote-images"]');
    const n = Number(meta?.getAttribute('content') ?? 0);
    setRemoteCount(Number.isFinite(n) ? n : 0);
    observer.current?.disconnect();
    if (typeof ResizeObserver !== 'undefined' && doc.body) {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(doc.body);
    }
  };
  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <section className="body">
      {remoteCount > 0 && !remote ? (
        <div className="remote-images">
          <span className="small muted">{remoteCount === 1 ? 'A remote image was blocked.' : `${remoteCount} remote images were blocked.`}</span>
          <button type="button" className="small" onClick={() => setRemote(true)}>
            Load remote images
          </button>
        </div>
      ) : null}
      <iframe ref={frame} title="Reply body" className="body-frame" sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox" src={src} style={{ height }} onLoad={onLoad} />
    </section>
  );
}
