import type { StoredImageCheck } from '@teamchat/service-kit';
import { ImageOwners, type ChatImageKind } from '@teamchat/contracts';

/** Message images and reaction pictures live under the member's current workspace; the issue names `imageUrl`. */
export const chatImage = (kind: ChatImageKind, workspaceId: string): StoredImageCheck => ({
  kind,
  owners: [ImageOwners.workspace(workspaceId)],
  field: 'imageUrl',
});
