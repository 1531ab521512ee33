// Client checks for image uploads, with the server's limits and words per kind (spec 1 §5: a workspace logo says
// "Please select an image file" / "Please select an image under 5MB").
import { NOT_AN_IMAGE_MESSAGES, TOO_LARGE_MESSAGES, UPLOAD_LIMITS } from '@teamchat/contracts';

export type ImageUploadKind = 'logo' | 'profile';
export const PNG_JPEG_TYPES = ['image/png', 'image/jpeg', 'image/jpg'] as const;

/** The message for a file that may not be uploaded, or null when it is fine. */
export const checkImageFile = (file: File, kind: ImageUploadKind, allowed?: readonly string[]): string | null => {
  const typeOk = allowed ? allowed.includes(file.type) : file.type.startsWith('image/');
  if (!typeOk) return NOT_AN_IMAGE_MESSAGES[kind];
  if (file.size > UPLOAD_LIMITS[kind]) return TOO_LARGE_MESSAGES[kind];
  return null;
};
