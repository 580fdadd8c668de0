import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onPhone } from '../../../test/onPhone';
import type { NginxEditorProps } from '../components/NginxEditor';
import { APP_CONF, CONF_DIR, LIST_ANSWER, openNginxPage, row, SITES } from './nginxPageSetup';

// CodeMirror does not lay out in jsdom: a text area stands in.
vi.mock('../components/LazyNginxEditor', () => ({
  LazyNginxEditor: (p: NginxEditorProps) => <textarea aria-label={p.label} value={p.value} />,
}));

const T = { timeout: 5000 };
const INSIDE = `${CONF_DIR}/sites-available/inside.conf`;
const SECRET = '/home/deploy/files/secret.txt';

/** The list with a link inside the configuration and a link out of it. */
const withLinks = () => ({
  '/server/getNginxConfigList': [
    {
      code: 0,
      data: {
        ...LIST_ANSWER,
        list: [
          ...LIST_ANSWER.list,
          row(SITES, 'inside.conf', true, INSIDE),
          row(SITES, 'out.conf', true, SECRET, true),
        ],
      },
    },
  ],
  '/server/getNginxConfigContent': [
    { code: 0, data: { content: APP_CONF, hash: 'a'.repeat(64), exact: true } },
  ],
});

const contentReads = (net: ReturnType<typeof openNginxPage>) =>
  net.callsTo('/server/getNginxConfigContent').map((c) => c.query.get('filename'));

describe('links in the nginx file list', () => {
  it('marks each link, tells its target on hover, and opens a link inside as its file', async () => {
    const net = openNginxPage(withLinks());
    const tree = await screen.findByRole('tree', { name: 'Configuration files' }, T);
    // In the narrow tree, only the link icon: the words are its label and its tooltip.
    const inside = within(tree).getByLabelText(`Symbolic link to ${INSIDE}`);
    expect(within(tree).getAllByLabelText(/^Symbolic link/)).toHaveLength(2);
    expect(
      within(tree).getByLabelText(/^Symbolic link out of the configuration directories, to/),
    ).toBeTruthy();
    fireEvent.mouseEnter(inside);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      `Symbolic link to ${INSIDE}`,
    );
    fireEvent.click(within(tree).getByText('inside.conf'));
    const editor = await screen.findByRole<HTMLTextAreaElement>('textbox', {
      name: 'Configuration file inside.conf',
    });
    expect(editor.value).toBe(APP_CONF);
    // The open file's title names the link in words.
    expect(screen.getByText('link', { selector: '.ant-card-head *' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More actions' })).toBeTruthy();
    expect(contentReads(net)).toEqual(['inside.conf']);
  });

  it('shows a link out with its target and neither reads it nor offers changes', async () => {
    const net = openNginxPage(withLinks());
    const tree = await screen.findByRole('tree', { name: 'Configuration files' }, T);
    fireEvent.click(within(tree).getByText('out.conf'));
    expect(
      await screen.findByText('This file is a link out of the configuration directories'),
    ).toBeTruthy();
    expect(screen.getByText(new RegExp(`${SITES}/out.conf leads to ${SECRET}`))).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Configuration file/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(contentReads(net)).toEqual([]);
  });

  it('on a phone, marks links in the file picker and tells the open link’s target on a tap', async () => {
    onPhone();
    const net = openNginxPage(withLinks());
    const picker = await screen.findByRole('combobox', { name: 'Configuration files' }, T);
    fireEvent.mouseDown(picker);
    const option = await screen.findByTitle('out.conf');
    expect(within(option).getByText('link out')).toBeTruthy();
    fireEvent.click(option);
    expect(
      await screen.findByText('This file is a link out of the configuration directories'),
    ).toBeTruthy();
    const tags = screen.getAllByLabelText(/^Symbolic link out of the configuration directories/);
    // A tap focuses the tag, which shows where the link leads.
    fireEvent.focus(tags.at(-1)!);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain(`to ${SECRET}`));
    expect(contentReads(net)).toEqual([]);
  });
});
