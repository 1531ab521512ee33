// Panel density of spec 2 §2/§4: compact or full, stored under panel_size, announced with a panelSizeChange event.
import { useEffect, useState } from 'react';
import { StorageKeys, readLocal, writeLocal } from './storage-keys.js';

export type PanelSize = 'compact' | 'full';
export const PANEL_SIZE_EVENT = 'panelSizeChange';

export const readPanelSize = (): PanelSize => (readLocal(StorageKeys.panelSize) === 'compact' ? 'compact' : 'full');

export const setPanelSize = (size: PanelSize): void => {
  writeLocal(StorageKeys.panelSize, size);
  window.dispatchEvent(new CustomEvent<PanelSize>(PANEL_SIZE_EVENT, { detail: size }));
};

/** The current density, following changes made anywhere in the tab. */
export const usePanelSize = (): PanelSize => {
  const [size, setSize] = useState<PanelSize>(readPanelSize);
  useEffect(() => {
    const onChange = (event: Event): void => {
      const detail = (event as CustomEvent<unknown>).detail;
      setSize(detail === 'compact' || detail === 'full' ? detail : readPanelSize());
    };
    window.addEventListener(PANEL_SIZE_EVENT, onChange);
    return () => window.removeEventListener(PANEL_SIZE_EVENT, onChange);
  }, []);
  return size;
};
