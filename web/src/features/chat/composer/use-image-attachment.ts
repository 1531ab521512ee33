// The composer's pending image (Attach Image): checked, previewed at once, uploaded, then sent as the message's imageUrl.
import { TOO_LARGE_MESSAGES, UPLOAD_LIMITS } from '@teamchat/contracts';
import { useCallback, useEffect, useState } from 'react';
import { notify } from '../../../lib/toast.js';
import { uploadMessageImage } from '../api.js';

export const MESSAGE_IMAGE_MAX_BYTES = UPLOAD_LIMITS.message;

export interface ImageAttachment {
  previewUrl: string;
  name: string;
  /** Set once the bytes are stored. */
  imageUrl: string | null;
}

/** `onSettled`: the upload ended, well or not (the composer takes the focus back). */
export const useImageAttachment = (onSettled: () => void) => {
  const [attachment, setAttachment] = useState<ImageAttachment | null>(null);
  const [uploading, setUploading] = useState(false);
  /** How much of the image is sent, 0 to 1. */
  const [progress, setProgress] = useState(0);

  const previewUrl = attachment?.previewUrl;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  /** An image of at most 10 MB; anything else is refused with a toast. */
  const attach = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      notify.error('Upload failed', 'Please upload an image file.');
      return;
    }
    if (file.size > MESSAGE_IMAGE_MAX_BYTES) {
      notify.error('Upload failed', TOO_LARGE_MESSAGES.message);
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    setAttachment({ previewUrl, name: file.name, imageUrl: null });
    setUploading(true);
    setProgress(0);
    try {
      const imageUrl = await uploadMessageImage(file, setProgress);
      // removed (or replaced) while it uploaded: the answer is for an image no longer attached
      setAttachment((current) => (current?.previewUrl === previewUrl ? { ...current, imageUrl } : current));
      notify.success('Image uploaded');
    } catch (err) {
      setAttachment((current) => (current?.previewUrl === previewUrl ? null : current));
      notify.error('Upload failed', err instanceof Error ? err.message : undefined);
    } finally {
      setUploading(false);
      onSettled();
    }
  };

  const clear = useCallback(() => setAttachment(null), []);

  return { attachment, uploading, progress, imageUrl: attachment?.imageUrl ?? null, attach, clear };
};
