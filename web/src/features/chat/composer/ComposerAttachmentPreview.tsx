// The image about to be sent, above the composer: its preview, a spinner while it uploads, and a remove button.
import { Loader2, X } from 'lucide-react';
import type { ImageAttachment } from './use-image-attachment.js';
import composerStyles from '../Composer.module.css';
import spinStyles from '../../../components/ui/spin.module.css';

export interface ComposerAttachmentPreviewProps {
  attachment: ImageAttachment;
  uploading: boolean;
  /** How much is sent, 0 to 1, while it uploads. */
  progress?: number;
  onRemove: () => void;
}

export const ComposerAttachmentPreview = ({
  attachment,
  uploading,
  progress,
  onRemove,
}: ComposerAttachmentPreviewProps) => (
  <div className={composerStyles.attachment} data-testid="pending-attachment">
    <img src={attachment.previewUrl} alt={`Preview of ${attachment.name}`} />
    {uploading ? <Loader2 className={spinStyles.spin} size={16} aria-label="Uploading" /> : null}
    {uploading && progress !== undefined ? (
      <progress
        className={composerStyles.attachmentProgress}
        max={100}
        value={Math.round(progress * 100)}
        aria-label={`Uploading ${attachment.name}`}
      />
    ) : null}
    <button type="button" className={composerStyles.remove} aria-label="Remove attachment" onClick={onRemove}>
      <X size={14} />
    </button>
  </div>
);
