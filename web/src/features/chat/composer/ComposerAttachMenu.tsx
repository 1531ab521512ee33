// The composer's paperclip menu (spec 2 §2): Attach Image, Attach File, Attach Video (coming soon), and the hidden
// file inputs behind the first two.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { FilePlus, ImagePlus, Paperclip, Video } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { notify } from '../../../lib/toast.js';
import buttonStyles from '../../../components/ui/Button.module.css';
import menuStyles from '../../../components/ui/menu.module.css';

export interface ComposerAttachMenuProps {
  disabled: boolean;
  /** A file chosen through Attach Image. */
  onImage: (file: File) => Promise<void>;
  /** A file of any type chosen through Attach File. */
  onFile: (file: File) => void;
}

/** The chosen file, with the input emptied so choosing the same file again fires again. */
const takeFile = (event: ChangeEvent<HTMLInputElement>): File | undefined => {
  const file = event.target.files?.[0];
  event.target.value = '';
  return file;
};

export const ComposerAttachMenu = ({ disabled, onImage, onFile }: ComposerAttachMenuProps) => {
  const imageInput = useRef<HTMLInputElement>(null);
  const anyFileInput = useRef<HTMLInputElement>(null);

  const chooseImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = takeFile(event);
    if (file) await onImage(file);
  };

  const chooseAnyFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = takeFile(event);
    if (file) onFile(file);
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.sm}`}
          aria-label="Attach"
          disabled={disabled}
        >
          <Paperclip size={18} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={menuStyles.menu} side="top" align="start" sideOffset={6}>
            <DropdownMenu.Item className={menuStyles.item} onSelect={() => imageInput.current?.click()}>
              <ImagePlus size={16} aria-hidden="true" /> Attach Image
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuStyles.item} onSelect={() => anyFileInput.current?.click()}>
              <FilePlus size={16} aria-hidden="true" /> Attach File
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuStyles.item} onSelect={() => notify.error('Coming soon')}>
              <Video size={16} aria-hidden="true" /> Attach Video
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        data-testid="image-input"
        onChange={(e) => void chooseImage(e)}
      />
      <input ref={anyFileInput} type="file" hidden data-testid="file-input" onChange={chooseAnyFile} />
    </>
  );
};
