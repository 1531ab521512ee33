// A message's file attachment: type icon, name, human size and type, and a download that keeps the original name.
import { humanFileSize, type MessageFile } from '@teamchat/contracts';
import { Download } from 'lucide-react';
import { FILE_KIND_ICONS, fileKindOf, fileTypeLabel } from './file-kind.js';
import './files.css';

export const FileCard = ({ file }: { file: MessageFile }) => {
  const Icon = FILE_KIND_ICONS[fileKindOf(file)];
  const size = humanFileSize(file.size);
  const type = fileTypeLabel(file);
  return (
    <div className="tc-file-card" data-testid="file-card" role="group" aria-label={`File ${file.name}, ${size}`}>
      <span className={`tc-file-card__icon tc-file-card__icon--${fileKindOf(file)}`} aria-hidden="true">
        <Icon size={22} />
      </span>
      <span className="tc-file-card__text">
        <span className="tc-file-card__name" title={file.name}>
          {file.name}
        </span>
        <span className="tc-file-card__meta">
          {size} · {type}
        </span>
      </span>
      <a
        className="btn btn--sm tc-file-card__download"
        href={file.url}
        download={file.name}
        aria-label={`Download ${file.name}`}
      >
        <Download size={14} aria-hidden="true" />
        <span className="tc-file-card__download-label">Download</span>
      </a>
    </div>
  );
};
