// Pick an image, check it, upload it straight away and report the stored address.
import { UPLOAD_LIMITS } from '@teamchat/contracts';
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { uploadFile, UploadError } from '../api/uploads.js';
import { checkImageFile, type ImageUploadKind } from '../lib/image-file.js';
import { notify } from '../lib/toast.js';
import formStyles from './ui/form.module.css';
import spinStyles from './ui/spin.module.css';
import buttonStyles from './ui/Button.module.css';
import styles from './ImagePicker.module.css';

interface ImagePickerProps {
  label: string;
  kind: ImageUploadKind;
  value: string | null;
  onChange: (url: string | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
  accept?: readonly string[];
  shape?: 'square' | 'round';
  /** Offer a Remove button that clears the choice (off where the caller has its own remove action). */
  removable?: boolean;
}

export const ImagePicker = ({
  label,
  kind,
  value,
  onChange,
  onUploadingChange,
  accept,
  shape = 'square',
  removable = true,
}: ImagePickerProps) => {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file, kind, accept);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      onChange(await uploadFile(file, kind));
    } catch (err) {
      notify.error('Upload failed', err instanceof UploadError ? err.message : undefined);
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div className={styles.picker}>
      <span className={formStyles.label} id={`${inputId}-label`}>
        {label}
      </span>
      <div className={styles.row}>
        <div className={`${styles.preview} ${shape === 'round' ? styles.previewRound : styles.previewSquare}`}>
          {uploading ? (
            <Loader2 className={spinStyles.spin} size={20} aria-label="Uploading" />
          ) : value ? (
            <img src={value} alt={`${label} preview`} />
          ) : (
            <ImagePlus size={22} aria-hidden />
          )}
        </div>
        <div className={styles.actions}>
          <label
            className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.sm} ${styles.upload}`}
            htmlFor={inputId}
          >
            {value ? 'Change image' : 'Upload image'}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={(accept ?? ['image/*']).join(',')}
            aria-labelledby={`${inputId}-label`}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          {value && removable ? (
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.ghost} ${buttonStyles.sm}`}
              onClick={() => onChange(null)}
            >
              <Trash2 size={14} aria-hidden /> Remove
            </button>
          ) : null}
          <p className={`${formStyles.hint} ${styles.hint}`}>
            {accept ? 'PNG or JPEG' : 'PNG, JPEG, GIF or WebP'}, up to {UPLOAD_LIMITS[kind] / (1024 * 1024)}MB.
          </p>
        </div>
      </div>
      {error ? (
        <p className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
};
