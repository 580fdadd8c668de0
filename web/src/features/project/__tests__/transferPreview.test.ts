import { describe, expect, it } from 'vitest';
import { displayQuote } from '../utils/displayQuote';
import { transferPreview } from '../utils/transferPreview';

describe('transferPreview', () => {
  const settings = {
    transferType: 'rsync' as const,
    transferOption: '-rtv --exclude .git --delete-after',
    path: '/var/www/app/',
    symlink: false,
    symlinkPath: '',
  };
  const server = { owner: 'deploy', ip: '10.0.0.1', port: 2222 };

  it('shows the rsync command to the first server’s deploy path', () => {
    expect(transferPreview(settings, server)).toEqual({
      kind: 'rsync',
      command:
        "rsync -rtv --exclude .git --delete-after -e 'ssh -p 2222' --rsync-path='mkdir -p /var/www/app && rsync' ./ deploy@10.0.0.1:/var/www/app/",
    });
  });

  it('sends a symlinked deployment to its own release folder', () => {
    const preview = transferPreview(
      { ...settings, symlink: true, symlinkPath: '/var/www/releases' },
      server,
    );
    expect(preview).toMatchObject({ kind: 'rsync' });
    expect(preview.kind === 'rsync' && preview.command).toContain(
      "--rsync-path='mkdir -p /var/www/releases/${PUBLISH_TOKEN} && rsync' ./ deploy@10.0.0.1:/var/www/releases/${PUBLISH_TOKEN}/",
    );
  });

  it('quotes options holding spaces or quotes, and names placeholders without a server', () => {
    const preview = transferPreview({
      ...settings,
      transferOption: `-a --exclude 'my dir' --filter="- it's"`,
    });
    expect(preview).toEqual({
      kind: 'rsync',
      command:
        "rsync -a --exclude 'my dir' '--filter=- it'\\''s' -e 'ssh -p <port>' --rsync-path='mkdir -p /var/www/app && rsync' ./ <owner>@<server>:/var/www/app/",
    });
  });

  it('describes an SFTP upload with its options and brackets an IPv6 address', () => {
    expect(
      transferPreview(
        { ...settings, transferType: 'sftp', transferOption: '--exclude .env' },
        { owner: 'deploy', ip: 'fd00::1', port: 22 },
      ),
    ).toEqual({
      kind: 'sftp',
      target: 'deploy@[fd00::1]:/var/www/app',
      options: ['--exclude', '.env'],
    });
  });

  it('shows a custom command as written, and nothing for an empty one', () => {
    const command = 'scp -r ./ ${SERVER_OWNER}@${SERVER_IP}:${PROJECT_PATH}';
    expect(
      transferPreview({ ...settings, transferType: 'custom', transferOption: command }),
    ).toEqual({ kind: 'custom', command });
    expect(transferPreview({ ...settings, transferType: 'custom', transferOption: ' ' })).toEqual({
      kind: 'nothing',
    });
  });

  it('says what is wrong with options that do not parse', () => {
    expect(transferPreview({ ...settings, transferOption: '-a "open' })).toEqual({
      kind: 'invalid',
      problem: 'has an unterminated double quote',
    });
  });

  it('quotes for the shell only what needs it', () => {
    expect(displayQuote('--delete')).toBe('--delete');
    expect(displayQuote('${PUBLISH_TOKEN}')).toBe('${PUBLISH_TOKEN}');
    expect(displayQuote('$(rm -rf /)')).toBe("'$(rm -rf /)'");
    expect(displayQuote('')).toBe("''");
  });
});
