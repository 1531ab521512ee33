// A file attachment as members see it (the card) and as its sender sees it before sending (the chip).
import { jest } from '@jest/globals';
import { humanFileSize, type Message } from '@teamchat/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderWithApp, WORKSPACE_ID } from '../../../../test/render.js';
import { Composer } from '../Composer.js';
import { MessageRow } from '../MessageRow.js';
import { FileCard } from './FileCard.js';
import { fileKindOf, fileTypeLabel } from './file-kind.js';
import { PendingFileChip } from './PendingFileChip.js';

const PDF = {
  url: '/attachments/w/22222222-2222-4222-8222-222222222222/55555555-5555-4555-8555-555555555555.bin',
  name: 'Quarterly report.pdf',
  size: 1258291,
  type: 'application/pdf',
};

describe(FileCard.name, () => {
  it('shows the name, the human size and the type, with a download that keeps the name', () => {
    render(<FileCard file={PDF} />);
    const card = screen.getByRole('group', { name: 'File Quarterly report.pdf, 1.2 MB' });
    expect(within(card).getByText('Quarterly report.pdf')).toBeInTheDocument();
    expect(within(card).getByText('1.2 MB · PDF')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'Download Quarterly report.pdf' });
    expect(link).toHaveAttribute('href', PDF.url);
    expect(link).toHaveAttribute('download', 'Quarterly report.pdf');
    expect(link).toHaveTextContent('Download');
  });

  it('picks the icon and label by extension, then by type', () => {
    expect(fileKindOf({ name: 'a.zip', type: '' })).toBe('archive');
    expect(fileKindOf({ name: 'a.xlsx', type: '' })).toBe('spreadsheet');
    expect(fileKindOf({ name: 'a.ts', type: 'text/plain' })).toBe('code');
    expect(fileKindOf({ name: 'notes', type: 'text/plain' })).toBe('text');
    expect(fileKindOf({ name: 'scan', type: 'application/pdf' })).toBe('pdf');
    expect(fileKindOf({ name: 'blob', type: 'application/octet-stream' })).toBe('other');
    expect(fileTypeLabel({ name: 'archive.tar.gz', type: 'application/gzip' })).toBe('GZ');
    expect(fileTypeLabel({ name: 'README', type: 'application/octet-stream' })).toBe('FILE');
    expect(fileTypeLabel({ name: 'README', type: 'text/markdown' })).toBe('MARKDOWN');
  });

  it('reads sizes the way people do', () => {
    expect([0, 999, 1024, 1536, 1258291, 25 * 1024 * 1024, 3 * 1024 ** 3].map(humanFileSize)).toEqual([
      '0 B',
      '999 B',
      '1 KB',
      '1.5 KB',
      '1.2 MB',
      '25 MB',
      '3 GB',
    ]);
  });

  it('is shown under a message that carries a file, and not for one without', () => {
    mockFetch({ 'GET /api/channels': { body: [] } });
    const message = {
      id: 'a0000000-0000-4000-8000-0000000000a1',
      channelId: 'c0000000-0000-4000-8000-0000000000c1',
      workspaceId: WORKSPACE_ID,
      userId: '11111111-1111-4111-8111-111111111111',
      username: 'ada',
      content: null,
      imageUrl: null,
      createdAt: '2025-03-01T10:00:00.000Z',
      file: PDF,
    } as Message;
    renderWithApp(
      <ol>
        <MessageRow message={message} author={undefined} />
        <MessageRow
          message={{ ...message, id: 'a0000000-0000-4000-8000-0000000000a2', file: null, content: 'just text' }}
          author={undefined}
        />
      </ol>,
    );
    const rows = screen.getAllByTestId('message-row');
    expect(within(rows[0]!).getByTestId('file-card')).toHaveTextContent('Quarterly report.pdf');
    expect(within(rows[1]!).queryByTestId('file-card')).not.toBeInTheDocument();
  });
});

describe(PendingFileChip.name, () => {
  it('shows the name and size, and a named remove button', async () => {
    const onRemove = jest.fn();
    render(<PendingFileChip name="data.csv" size={2048} type="text/csv" uploading={false} onRemove={onRemove} />);
    expect(screen.getByTestId('pending-file')).toHaveTextContent('data.csv2 KB');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove data.csv' }));
    expect(onRemove).toHaveBeenCalled();
  });
});

describe('attaching a file in the composer', () => {
  const URL_ =
    'http://localhost/attachments/w/22222222-2222-4222-8222-222222222222/66666666-6666-4666-8666-666666666666.bin';

  it('uploads any file with its name, type and size, shows it as a chip, and sends it without text', async () => {
    const { calls } = mockFetch({
      'POST /api/messages/upload': {
        body: { uploadURL: `${URL_}?sig=abc`, objectPath: new URL(URL_).pathname, attachment: 'file' },
      },
      [`PUT ${URL_}`]: {},
    });
    const onSend = jest.fn((_c: string, _i: string | null, _f?: unknown) => true);
    const me = aUser({ id: '11111111-1111-4111-8111-111111111111', username: 'ada' });
    renderWithApp(<Composer channelId="44444444-4444-4444-8444-444444444444" user={me} onSend={onSend} />);
    const file = new File(['a,b\n1,2\n'], 'data.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file] } });
    expect(await screen.findByTestId('pending-file')).toHaveTextContent('data.csv');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/messages/upload',
      body: { filename: 'data.csv', contentType: 'text/csv', size: 8 },
    });
    expect(calls[1]?.method).toBe('PUT');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('', null, {
      url: new URL(URL_).pathname,
      name: 'data.csv',
      size: 8,
      type: 'text/csv',
    });
    expect(screen.queryByTestId('pending-file')).not.toBeInTheDocument();
  });

  it('refuses a file over 25MB before uploading anything', async () => {
    const { calls } = mockFetch({});
    renderWithApp(
      <Composer
        channelId="44444444-4444-4444-8444-444444444444"
        user={aUser({ id: '11111111-1111-4111-8111-111111111111', username: 'ada' })}

        onSend={() => true}
      />,
    );
    const big = new File(['x'], 'huge.iso', { type: 'application/octet-stream' });
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [big] } });
    expect(await screen.findByText('Please upload a file smaller than 25MB.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('pending-file')).not.toBeInTheDocument();
  });
});
