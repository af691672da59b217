import { Button } from '@agentdock/ui';
import { useEffect, useState } from 'react';
import { imageFileName } from './format';

/** An inline (data:) image decoded in the page: the page's policy does not let fetch read data: URLs. */
function dataUrlBlob(url: string): Blob {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(url);
  if (!match) throw new Error('not a data URL');
  const body = match[2] ? Uint8Array.from(atob(match[3]!), (char) => char.charCodeAt(0)) : decodeURIComponent(match[3]!);
  return new Blob([body], { type: match[1] });
}

/** Saves the image under a timestamped name with its real type's extension; if fetching fails, a direct link download. */
async function downloadImage(url: string): Promise<void> {
  const link = document.createElement('a');
  link.download = imageFileName(/^data:([^;,]+)/.exec(url)?.[1] ?? '');
  try {
    let blob: Blob;
    if (url.startsWith('data:')) blob = dataUrlBlob(url);
    else {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      blob = await response.blob();
    }
    link.download = imageFileName(blob.type);
    const objectUrl = URL.createObjectURL(blob);
    link.href = objectUrl;
    link.click();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1_000);
  } catch {
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.click();
  }
}

const ZOOMS = [1, 1.5, 2, 3, 4];

/**
 * The full-screen viewer: the image scaled to the viewport keeping its aspect (a small image grows
 * to fit), zoom in and out from there; Escape or the close button ends it; focus moves in and back out.
 */
export function ImageViewer({ url, onClose }: { url: string; onClose(): void }) {
  const [zoom, setZoom] = useState(0);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);
  return (
    <div className="chat-viewer" role="dialog" aria-modal="true" aria-label="Generated image" onClick={onClose}>
      <div className="chat-viewer__stage" onClick={(event) => event.stopPropagation()}>
        <img
          src={url}
          alt="Generated image, full size"
          className={zoom === 0 ? 'chat-viewer__fit' : undefined}
          style={zoom === 0 ? undefined : { width: `${ZOOMS[zoom]! * 100}%` }}
        />
      </div>
      <div className="chat-viewer__actions" onClick={(event) => event.stopPropagation()}>
        <Button variant="secondary" disabled={zoom === 0} onClick={() => setZoom((level) => Math.max(0, level - 1))}>
          Zoom out
        </Button>
        <Button variant="secondary" disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom((level) => Math.min(ZOOMS.length - 1, level + 1))}>
          Zoom in
        </Button>
        <Button onClick={() => void downloadImage(url)}>Download</Button>
        <Button autoFocus variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
