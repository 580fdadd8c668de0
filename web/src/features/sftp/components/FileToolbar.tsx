import { DownOutlined, MoreOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Divider, Dropdown, Flex, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { FileAction } from '../utils/fileActions';
import { actionIcon, actionLabel, actionMenuItems, type DirectoryAction } from './actionMenu';

/** Buttons for the picked entries before the rest go under More, so the bar stays one line. */
const SHOWN_SELECTION_ACTIONS = 3;

interface FileToolbarProps {
  /** What may be done in the directory (new folder, uploads), as allowed. */
  directoryActions: readonly DirectoryAction[];
  /** What may be done with the picked entries, as allowed. */
  selectionActions: readonly FileAction[];
  selectedCount: number;
  disabled: boolean;
  onAction: (action: FileAction | DirectoryAction) => void;
  filter: string;
  onFilter: (text: string) => void;
}

/**
 * The directory's actions (new folder, upload files or a folder) and the picked entries'
 * (download, transfer, delete…), only those allowed, and the quick filter by name. On a phone
 * every action folds into one menu.
 */
export function FileToolbar(props: FileToolbarProps) {
  const { directoryActions, selectionActions, selectedCount, disabled } = props;
  const { t } = useTranslation('sftp');
  const mobile = useIsMobile();
  const filter = (
    <Input
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      aria-label={t('filter.label')}
      placeholder={t('filter.placeholder')}
      value={props.filter}
      onChange={(e) => props.onFilter(e.target.value)}
      style={{ width: mobile ? undefined : 220, flex: mobile ? 1 : undefined }}
    />
  );

  if (mobile) {
    const items = [
      ...actionMenuItems(t, directoryActions, 1),
      ...(selectionActions.length > 0 && directoryActions.length > 0
        ? [{ type: 'divider' as const }]
        : []),
      ...actionMenuItems(t, selectionActions, selectedCount),
    ];
    return (
      <Flex gap={8} align="center">
        <Dropdown
          trigger={['click']}
          disabled={disabled || items.length === 0}
          menu={{
            items,
            onClick: ({ key }) => props.onAction(key as FileAction | DirectoryAction),
          }}
        >
          <Button
            icon={<MoreOutlined />}
            aria-label={
              selectedCount > 0
                ? t('toolbar.actionsSelected', { count: selectedCount })
                : t('toolbar.actions')
            }
          >
            {selectedCount > 0 ? t('toolbar.selected', { count: selectedCount }) : null}
          </Button>
        </Dropdown>
        {filter}
      </Flex>
    );
  }

  const button = (action: FileAction | DirectoryAction, primary = false) => (
    <Button
      key={action}
      type={primary ? 'primary' : 'default'}
      danger={action === 'delete'}
      icon={actionIcon(action)}
      disabled={disabled}
      onClick={() => props.onAction(action)}
    >
      {/* The count is in the status line; the bar keeps its words short. */}
      {actionLabel(t, action)}
    </Button>
  );
  const uploads = directoryActions.filter((a) => a === 'uploadFiles' || a === 'uploadFolder');
  return (
    <Flex gap={8} align="center" wrap justify="space-between">
      <Flex gap={8} align="center" wrap>
        {uploads.length > 0 ? (
          <Space.Compact>
            {button('uploadFiles', true)}
            <Dropdown
              trigger={['click']}
              disabled={disabled}
              menu={{
                items: actionMenuItems(t, uploads, 1),
                onClick: ({ key }) => props.onAction(key as DirectoryAction),
              }}
            >
              <Button
                type="primary"
                icon={<DownOutlined />}
                aria-label={t('toolbar.moreUploads')}
                disabled={disabled}
              />
            </Dropdown>
          </Space.Compact>
        ) : null}
        {directoryActions.includes('newFolder') ? button('newFolder') : null}
        {selectionActions.length > 0 ? (
          <>
            <Divider orientation="vertical" />
            {selectionActions.slice(0, SHOWN_SELECTION_ACTIONS).map((a) => button(a))}
            {selectionActions.length > SHOWN_SELECTION_ACTIONS ? (
              <Dropdown
                trigger={['click']}
                disabled={disabled}
                menu={{
                  items: actionMenuItems(
                    t,
                    selectionActions.slice(SHOWN_SELECTION_ACTIONS),
                    selectedCount,
                  ),
                  onClick: ({ key }) => props.onAction(key as FileAction),
                }}
              >
                <Button icon={<DownOutlined />} iconPlacement="end" disabled={disabled}>
                  {t('toolbar.more')}
                </Button>
              </Dropdown>
            ) : null}
          </>
        ) : null}
      </Flex>
      {filter}
    </Flex>
  );
}
