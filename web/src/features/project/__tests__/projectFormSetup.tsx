import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';
import type { ProjectRow } from '../utils/ProjectRow';
import { projectRow } from './projectRows';
import {
  buttonIn,
  dialogTitled,
  findRow,
  pickOption,
  rowOf,
  typeInto,
  withProjects,
} from './projectSetup';

/** What the script editor stub takes: the real one is CodeMirror, which jsdom cannot run. */
interface EditorStubProps {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
}

/** A plain text box standing in for the lazily loaded CodeMirror editor. */
export function EditorStub({ value, onChange, label }: EditorStubProps) {
  return (
    <textarea aria-label={label} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  );
}

export const ADDED = { '/project/add': [{ code: 0, data: { id: 9 } }] };
export const EDITED = { '/project/edit': [{ code: 0 }] };

export const SHOP = projectRow(1, 'shop', {
  environment: 1,
  label: 'web',
  url: 'https://github.com/acme/shop.git',
  repoAuthType: 'token',
  repoUsername: 'bot',
  hasRepoToken: true,
  serverIds: [1, 2],
  userIds: [7],
  script: {
    afterPull: { mode: '', content: 'npm ci' },
    afterDeploy: { mode: '', content: '' },
    deployFinish: { mode: '', content: '' },
    customVariables: [{ name: 'APP_ENV', value: 'prod,dev', type: 'list' }],
  },
});

/** Opens the drawer of the page listing `list`: add, or a row's edit or copy. */
export async function openDrawer(
  how: { add: true } | { row: string; action: 'Edit' | 'Copy'; title: string },
  {
    list = [SHOP],
    routes = {},
    permissionIds,
  }: { list?: ProjectRow[]; routes?: object; permissionIds?: readonly number[] } = {},
) {
  const net = withProjects({
    list,
    permissionIds,
    labels: ['web', 'api'],
    routes: { ...ADDED, ...EDITED, ...routes },
  });
  renderApp('/project/index');
  await findRow(list[0]!.name);
  if ('add' in how) {
    fireEvent.click(buttonIn(screen, 'Add project'));
    return { net, drawer: dialogTitled('Add a project') };
  }
  fireEvent.click(buttonIn(rowOf(how.row), how.action));
  return { net, drawer: dialogTitled(how.title) };
}

/** Brings the tab named `label` forward, and lets the form's watchers catch up. */
export async function showTab(label: string) {
  // A selector rather than a role query: role queries crawl the table behind the drawer slowly.
  const tab = [...document.querySelectorAll('.ant-drawer [role="tab"]')].find(
    (t) => t.textContent === label,
  );
  if (!tab) throw new Error(`no tab ${label}`);
  fireEvent.click(tab);
  await act(() => Promise.resolve());
}

/** The label of the drawer's active tab. */
export const activeTab = () =>
  document.querySelector('.ant-drawer .ant-tabs-tab-active')?.textContent;

/** Fills what every new project needs: name, environment, deploy path, address and branch. */
export async function fillRequired() {
  typeInto('name', ' shop ');
  await pickOption('environment', 'Production');
  typeInto('path', '/var/www/shop');
  typeInto('url', 'https://github.com/acme/shop.git');
  typeInto('branch', 'main');
  await act(() => Promise.resolve());
}
