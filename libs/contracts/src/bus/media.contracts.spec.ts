import { ErrorCodes } from '../errors.js';
import { IMAGE_NOT_UPLOADED_MESSAGE, ImageOwners, imageRefusalMessage, storedImageKey } from './media.contracts.js';

const workspaceId = '0b9f4c4e-5d0a-4d6b-9d53-6d3f3f6f0a11';
const userId = '7a1e2d3c-4b5a-4f6e-8d7c-9b0a1c2d3e4f';
const key = `w/${workspaceId}/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f.png`;

describe(storedImageKey.name, () => {
  const owners = [ImageOwners.workspace(workspaceId), ImageOwners.user(userId)];

  it('answers the key of `/objects/<key>` under one of the owners', () => {
    expect(storedImageKey(`/objects/${key}`, 'profile', owners)).toBe(key);
    const own = `u/${userId}/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f.jpg`;
    expect(storedImageKey(`/objects/${own}`, 'logo', owners)).toBe(own);
  });

  it.each([
    ['another owner', `/objects/w/${userId}/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f.png`],
    ['the attachments path', `/attachments/${key}`],
    ['an absolute address', `https://example.com/objects/${key}`],
    ['a query', `/objects/${key}?x=1`],
    ['a fragment', `/objects/${key}#x`],
    ['a prefix before /objects', `/a/objects/${key}`],
    ['an encoded slash', `/objects/${key.replace('/', '%2F')}`],
    ['no key', '/uploads/logo.png'],
    ['a script address', 'javascript:alert(1)'],
    ['a malformed percent-escape', '/objects/%ZZ'],
    ['a malformed percent-escape in the key', '/objects/w/%E0%A4%A/x.png'],
  ])('refuses %s', (_label, address) => {
    expect(storedImageKey(address, 'profile', owners)).toBeNull();
  });
});

describe(imageRefusalMessage.name, () => {
  it.each([
    ['profile', ErrorCodes.uploadInvalid, 'Please upload an image file.'],
    ['profile', ErrorCodes.uploadTooLarge, 'Please upload an image smaller than 3MB.'],
    ['logo', ErrorCodes.uploadInvalid, 'Please select an image file'],
    ['logo', ErrorCodes.uploadTooLarge, 'Please select an image under 5MB'],
    ['logo', ErrorCodes.objectNotFound, IMAGE_NOT_UPLOADED_MESSAGE],
  ] as const)('answers a %s image refused with %s with "%s"', (kind, code, message) => {
    expect(imageRefusalMessage(kind, code)).toBe(message);
  });

  it('leaves failures that are not about the image (media unavailable) to the caller', () => {
    expect(imageRefusalMessage('profile', ErrorCodes.busUnavailable)).toBeNull();
  });
});
