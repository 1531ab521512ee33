// The in-app image viewer (issue 70): a message picture over the app, Esc closes, ←/→ (or swipes, or the buttons)
// step through the channel's pictures, zoom, download. Mounted once by the shell.
import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Download, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { closeImageViewer, stepImageViewer, useImageViewer } from './image-viewer-store.js';
import styles from './ImageViewer.module.css';

/** A horizontal swipe at least this long (CSS pixels) steps to the next or previous picture. */
const SWIPE_PX = 50;

export const ImageViewer = () => {
  const viewer = useImageViewer();
  const [zoomed, setZoomed] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const current = viewer?.images[viewer.index];
  useEffect(() => setZoomed(false), [current?.url]);
  if (!viewer || !current) return null;
  const { index, images } = viewer;
  const hasPrevious = index > 0;
  const hasNext = index < images.length - 1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') stepImageViewer(-1);
    else if (event.key === 'ArrowRight') stepImageViewer(1);
    else if (event.key === '+' || event.key === '=') setZoomed(true);
    else if (event.key === '-') setZoomed(false);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || zoomed) return;
    const moved = event.clientX - from;
    if (moved <= -SWIPE_PX) stepImageViewer(1);
    else if (moved >= SWIPE_PX) stepImageViewer(-1);
  };
  const fileName = decodeURIComponent(current.url.split('/').pop() ?? 'image');

  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : closeImageViewer())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={styles.viewer} onKeyDown={onKeyDown} aria-describedby={undefined}>
          <header className={styles.bar}>
            <RadixDialog.Title className={styles.title}>
              {current.caption || 'Image'}
              <span className={styles.position}>
                {index + 1} of {images.length}
              </span>
            </RadixDialog.Title>
            <button
              type="button"
              className={styles.tool}
              onClick={() => setZoomed((z) => !z)}
              aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
              aria-pressed={zoomed}
            >
              {zoomed ? <ZoomOut size={18} aria-hidden="true" /> : <ZoomIn size={18} aria-hidden="true" />}
            </button>
            <a className={styles.tool} href={current.url} download={fileName} aria-label="Download">
              <Download size={18} aria-hidden="true" />
            </a>
            <RadixDialog.Close className={styles.tool} aria-label="Close">
              <X size={18} aria-hidden="true" />
            </RadixDialog.Close>
          </header>
          <div
            className={[styles.stage, zoomed ? styles.isZoomed : ''].filter(Boolean).join(' ')}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
          >
            <img
              className={styles.image}
              src={current.url}
              alt={current.caption ? `Image from ${current.caption}` : 'Attached image'}
              onClick={() => setZoomed((z) => !z)}
            />
          </div>
          <button
            type="button"
            className={`${styles.step} ${styles.previous}`}
            onClick={() => stepImageViewer(-1)}
            disabled={!hasPrevious}
            aria-label="Previous image"
          >
            <ChevronLeft size={22} aria-hidden="true" />
          </button>
          <button
            type="button"
            className={`${styles.step} ${styles.next}`}
            onClick={() => stepImageViewer(1)}
            disabled={!hasNext}
            aria-label="Next image"
          >
            <ChevronRight size={22} aria-hidden="true" />
          </button>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
};
