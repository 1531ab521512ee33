// Which message picture the in-app viewer shows (issue 70), and the channel's others to step through.
import { useSyncExternalStore } from 'react';

export interface ViewerImage {
  url: string;
  /** Who posted it and when, as the viewer's caption. */
  caption: string;
}

export interface ViewerState {
  images: ViewerImage[];
  index: number;
}

let state: ViewerState | null = null;
const listeners = new Set<() => void>();
const set = (next: ViewerState | null) => {
  state = next;
  for (const l of [...listeners]) l();
};

/** The marker on a message picture the viewer steps through (its caption in `data-viewer-caption`). */
export const VIEWER_IMAGE_ATTR = 'data-viewer-image';

/**
 * Opens the viewer at this picture, with every picture of the message list it sits in (the loaded messages of the
 * channel, in their order) to step through.
 */
export const openImageViewer = (clicked: HTMLElement): void => {
  const list = clicked.closest('[data-testid="message-list"]') ?? clicked.ownerDocument.body;
  const nodes = [...list.querySelectorAll<HTMLElement>(`[${VIEWER_IMAGE_ATTR}]`)];
  const images = nodes.map((n) => ({
    url: n.getAttribute(VIEWER_IMAGE_ATTR) ?? '',
    caption: n.getAttribute('data-viewer-caption') ?? '',
  }));
  const index = Math.max(0, nodes.indexOf(clicked));
  set(images.length > 0 ? { images, index } : null);
};

export const closeImageViewer = (): void => set(null);

/** Moves to the next (+1) or previous (−1) picture, stopping at either end. */
export const stepImageViewer = (by: 1 | -1): void => {
  if (!state) return;
  const index = Math.min(state.images.length - 1, Math.max(0, state.index + by));
  if (index !== state.index) set({ ...state, index });
};

export const useImageViewer = (): ViewerState | null =>
  useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => state,
  );
