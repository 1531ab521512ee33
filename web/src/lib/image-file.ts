// Client checks for image uploads (spec 1 §5: "Please select an image file" / "Please select an image under 5MB").
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const PNG_JPEG_TYPES = ['image/png', 'image/jpeg', 'image/jpg'] as const;

export const IMAGE_TYPE_MESSAGE = 'Please select an image file';
export const IMAGE_SIZE_MESSAGE = 'Please select an image under 5MB';

/** The message for a file that may not be uploaded, or null when it is fine. */
export const checkImageFile = (file: File, allowed?: readonly string[]): string | null => {
  const typeOk = allowed ? allowed.includes(file.type) : file.type.startsWith('image/');
  if (!typeOk) return IMAGE_TYPE_MESSAGE;
  if (file.size >= MAX_IMAGE_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
};
