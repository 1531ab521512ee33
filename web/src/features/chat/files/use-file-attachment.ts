// The composer's pending file attachment: chosen, uploading, uploaded (ready to send) or removed.
import type { MessageFile } from '@teamchat/contracts';
import { useCallback, useRef, useState } from 'react';
import { notify } from '../../../lib/toast.js';
import { attachmentProblem, uploadMessageFile } from './upload.js';

export interface PendingFile {
  name: string;
  size: number;
  type: string;
  /** Set once the bytes are stored. */
  uploaded: MessageFile | null;
}

export const useFileAttachment = (onSettled?: () => void) => {
  const [pending, setPending] = useState<PendingFile | null>(null);
  const [uploading, setUploading] = useState(false);
  /** How much of the file is sent, 0 to 1. */
  const [progress, setProgress] = useState(0);
  // the file being uploaded: a removal (or a newer choice) while it uploads wins over its answer
  const current = useRef<File | null>(null);

  const choose = useCallback(
    async (file: File) => {
      const problem = attachmentProblem(file);
      if (problem) {
        notify.error('Upload failed', problem);
        return;
      }
      current.current = file;
      setPending({ name: file.name, size: file.size, type: file.type, uploaded: null });
      setUploading(true);
      setProgress(0);
      try {
        const uploaded = await uploadMessageFile(file, (fraction) => {
          if (current.current === file) setProgress(fraction);
        });
        if (current.current === file) setPending((p) => (p ? { ...p, uploaded } : p));
      } catch (err) {
        if (current.current === file) {
          current.current = null;
          setPending(null);
        }
        notify.error('Upload failed', err instanceof Error ? err.message : undefined);
      } finally {
        if (current.current === file || current.current === null) setUploading(false);
        onSettled?.();
      }
    },
    [onSettled],
  );

  const clear = useCallback(() => {
    current.current = null;
    setPending(null);
    setUploading(false);
  }, []);

  return { pending, uploading, progress, file: pending?.uploaded ?? null, choose, clear };
};
