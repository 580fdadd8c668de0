import { ApartmentOutlined, CheckOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '../../auth/session';
import { useMyNamespaces } from '../../auth/useMyNamespaces';
import { useTabs } from '../../platform';
import { Text } from '../../ui/Text';

interface NamespaceSwitcherProps {
  /** Icon only (phones). */
  compact?: boolean;
}

/** Shows the current namespace; choosing another stores it and reloads the page. */
export function NamespaceSwitcher({ compact = false }: NamespaceSwitcherProps) {
  const { t } = useTranslation('layout');
  const current = session.identity();
  const { data, isError, isFetching, refetch } = useMyNamespaces();
  const list = data ?? [];

  const switchTo = (id: number) => {
    const ns = list.find((n) => n.namespaceId === id);
    if (!ns || ns.namespaceId === current.id) return;
    session.setNamespaceList(list);
    session.setIdentity({ id: ns.namespaceId, name: ns.namespaceName, roleId: ns.roleId });
    // The open pages belong to the old namespace.
    useTabs.getState().reset();
    window.location.reload();
  };

  const items: MenuProps['items'] = [
    { key: 'title', type: 'group', label: t('namespace.switch') },
    ...list.map((n) => ({
      key: String(n.namespaceId),
      label: n.namespaceName,
      extra: n.namespaceId === current.id ? <CheckOutlined /> : undefined,
    })),
  ];
  if (list.length === 0 && !isFetching) {
    items.push({ key: 'empty', disabled: true, label: t('namespace.empty') });
  }
  if (isError) items.push({ key: 'retry', label: t('namespace.loadFailed') });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectedKeys: [String(current.id)],
        style: { maxHeight: 360, overflowY: 'auto', minWidth: 200 },
        onClick: ({ key }) => (key === 'retry' ? void refetch() : switchTo(Number(key))),
      }}
    >
      <Button type="text" aria-label={t('namespace.label')} title={t('namespace.label')}>
        <ApartmentOutlined />
        {compact ? null : (
          <Text ellipsis style={{ maxWidth: 160 }}>
            {current.name || t('namespace.none')}
          </Text>
        )}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
