// The composer's pending file attachment before it is sent: icon, name and size, a spinner while it uploads, remove.
import { humanFileSize } from '@teamchat/contracts';
import { Loader2, X } from 'lucide-react';
import { FILE_KIND_ICONS, fileKindOf } from './file-kind.js';
import './files.css';

export interface PendingFileChipProps {
  name: string;
  size: number;
  type: string;
  uploading: boolean;
  onRemove: () => void;
}

export const PendingFileChip = ({ name, size, type, uploading, onRemove }: PendingFileChipProps) => {
  const Icon = FILE_KIND_ICONS[fileKindOf({ name, type })];
  return (
    <div className="tc-file-chip" data-testid="pending-file">
      <Icon size={18} aria-hidden="true" className="tc-file-chip__icon" />
      <span className="tc-file-chip__name" title={name}>
        {name}
      </span>
      <span className="tc-file-chip__size">{humanFileSize(size)}</span>
      {uploading ? <Loader2 className="tc-spin" size={14} aria-label="Uploading" /> : null}
      <button type="button" className="tc-file-chip__remove" aria-label={`Remove ${name}`} onClick={onRemove}>
        <X size={14} />
      </button>
    </div>
  );
};
