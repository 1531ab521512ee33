// A message's file attachment: type icon, name, human size and type, and a download that keeps the original name.
import { humanFileSize, type MessageFile } from '@teamchat/contracts';
import { Download } from 'lucide-react';
import { FILE_KIND_ICONS, fileKindOf, fileTypeLabel, type FileKind } from './file-kind.js';
import buttonStyles from '../../../components/ui/Button.module.css';
import styles from './FileCard.module.css';

const ICON_CLASS: Partial<Record<FileKind, string>> = {
  pdf: styles.iconPdf,
  archive: styles.iconArchive,
  spreadsheet: styles.iconSpreadsheet,
  code: styles.iconCode,
};

export const FileCard = ({ file }: { file: MessageFile }) => {
  const Icon = FILE_KIND_ICONS[fileKindOf(file)];
  const size = humanFileSize(file.size);
  const type = fileTypeLabel(file);
  return (
    <div className={styles.card} data-testid="file-card" role="group" aria-label={`File ${file.name}, ${size}`}>
      <span className={`${styles.icon} ${ICON_CLASS[fileKindOf(file)] ?? ''}`} aria-hidden="true">
        <Icon size={22} />
      </span>
      <span className={styles.text}>
        <span className={styles.name} title={file.name}>
          {file.name}
        </span>
        <span className={styles.meta}>
          {size} · {type}
        </span>
      </span>
      <a
        className={`${buttonStyles.button} ${buttonStyles.sm} ${styles.download}`}
        href={file.url}
        download={file.name}
        aria-label={`Download ${file.name}`}
      >
        <Download size={14} aria-hidden="true" />
        <span className={styles.downloadLabel}>Download</span>
      </a>
    </div>
  );
};
