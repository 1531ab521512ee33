// Reactions: upload a custom reaction (name + one image ≤ 5 MB) through the Uppy dashboard, PUT to a signed URL.
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import XHRUpload from '@uppy/xhr-upload';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { REACTION_NAME_MESSAGE, UPLOAD_LIMITS, type CurrentUser } from '@teamchat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTheme } from '../../theme/ThemeProvider.js';
import { notify } from '../../lib/toast.js';
import { createCustomReaction, customReactionsQuery, requestReactionUpload, settingsKeys } from './api.js';
import sectionStyles from './section.module.css';
import formStyles from '../../components/ui/form.module.css';
import noteStyles from '../../components/ui/note.module.css';
import styles from './ReactionsTab.module.css';

export const REACTION_MAX_BYTES = UPLOAD_LIMITS.reaction;
const REACTION_NAME = /^[A-Za-z0-9_-]{1,32}$/;

type ReactionBody = Record<string, never>;

export const ReactionsTab = ({ user }: { user: CurrentUser }) => {
  const qc = useQueryClient();
  const reactions = useQuery(customReactionsQuery());
  const { theme } = useTheme();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameRef = useRef(name);
  nameRef.current = name;
  const target = useRef<HTMLDivElement>(null);
  const userId = user.id;

  // Uppy lives with the mounted tab (created and destroyed by the effect, so a remount gets a fresh one).
  useEffect(() => {
    if (!target.current) return;
    /** Where each file's bytes go and where the stored image is then served. */
    const tickets = new Map<string, { uploadURL: string; objectPath: string }>();
    const uppy = new Uppy<Meta, ReactionBody>({
      id: 'custom-reaction',
      autoProceed: false,
      allowMultipleUploadBatches: true,
      restrictions: {
        maxNumberOfFiles: 1,
        maxFileSize: REACTION_MAX_BYTES,
        allowedFileTypes: ['image/*', '.gif'],
      },
      onBeforeUpload: (files) => {
        if (!REACTION_NAME.test(nameRef.current.trim())) {
          setNameError(REACTION_NAME_MESSAGE);
          return false;
        }
        setNameError(null);
        return files;
      },
    });
    uppy.use(XHRUpload, {
      endpoint: async (file) => {
        const single = file as UppyFile<Meta, ReactionBody>;
        const ticket = await requestReactionUpload(single.name ?? 'reaction.png');
        tickets.set(single.id, ticket);
        return ticket.uploadURL;
      },
      method: 'PUT',
      formData: false,
      bundle: false,
      limit: 1,
      headers: (file) => ({ 'Content-Type': file.type || 'application/octet-stream' }),
      getResponseData: () => ({}),
    });
    uppy.use(Dashboard, {
      inline: true,
      target: target.current,
      width: '100%',
      height: 260,
      proudlyDisplayPoweredByUppy: false,
      note: 'One image (PNG, JPEG, GIF or WebP), up to 5MB',
      theme: theme === 'light' ? 'light' : 'dark',
    });
    uppy.on('upload-success', (file) => {
      const ticket = file ? tickets.get(file.id) : undefined;
      if (!ticket) return;
      createCustomReaction({ name: nameRef.current.trim(), imageUrl: ticket.objectPath, createdBy: userId })
        .then(async () => {
          notify.success('Reaction uploaded');
          setName('');
          uppy.clear();
          await qc.invalidateQueries({ queryKey: settingsKeys.reactions });
        })
        .catch(() => notify.error('Upload failed', 'Failed to save custom reaction.'));
    });
    uppy.on('upload-error', () => notify.error('Upload failed', 'Failed to save custom reaction.'));
    return () => uppy.destroy();
  }, [qc, theme, userId]);

  return (
    <div className={sectionStyles.section}>
      <h3 className={sectionStyles.title}>Upload a custom reaction</h3>
      <label className={formStyles.field}>
        <span className={formStyles.label}>Reaction name</span>
        <input
          className={formStyles.input}
          value={name}
          placeholder="party_parrot"
          maxLength={32}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          aria-invalid={nameError ? true : undefined}
        />
      </label>
      {nameError ? (
        <p className={formStyles.error} role="alert">
          {nameError}
        </p>
      ) : null}
      <div ref={target} className={styles.uppy} data-testid="reaction-uploader" />
      <h3 className={sectionStyles.title}>Workspace reactions</h3>
      {reactions.data?.length ? (
        <ul className={styles.grid}>
          {reactions.data.map((r) => (
            <li key={r.id} title={`:${r.name}:`}>
              <img src={r.imageUrl} alt={r.name} />
              <span>:{r.name}:</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={noteStyles.note}>{reactions.isPending ? 'Loading…' : 'No custom reactions yet.'}</p>
      )}
    </div>
  );
};
