// The composer's pending file attachment before it is sent: icon, name and size, a spinner while it uploads, remove.
import { humanFileSize } from '@teamchat/contracts';
import { Loader2, X } from 'lucide-react';
import { FILE_KIND_ICONS, fileKindOf } from './file-kind.js';
import spinStyles from '../../../components/ui/spin.module.css';
import styles from './PendingFileChip.module.css';

export interface PendingFileChipProps {
  name: string;
  size: number;
  type: string;
  uploading: boolean;
  /** How much is sent, 0 to 1, while it uploads. */
  progress?: number;
  onRemove: () => void;
}

export const PendingFileChip = ({ name, size, type, uploading, progress, onRemove }: PendingFileChipProps) => {
  const Icon = FILE_KIND_ICONS[fileKindOf({ name, type })];
  return (
    <div className={styles.chip} data-testid="pending-file">
      <Icon size={18} aria-hidden="true" className={styles.icon} />
      <span className={styles.name} title={name}>
        {name}
      </span>
      <span className={styles.size}>{humanFileSize(size)}</span>
      {uploading ? <Loader2 className={spinStyles.spin} size={14} aria-label="Uploading" /> : null}
      {uploading && progress !== undefined ? (
        <progress
          className={styles.progress}
          max={100}
          value={Math.round(progress * 100)}
          aria-label={`Uploading ${name}`}
        />
      ) : null}
      <button type="button" className={styles.remove} aria-label={`Remove ${name}`} onClick={onRemove}>
        <X size={14} />
      </button>
    </div>
  );
};
