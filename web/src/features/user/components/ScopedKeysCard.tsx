import type { ApiKeyRow } from '@ferry/contract/client';
import { PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, List, Popconfirm, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { Text } from '../../../ui/Text';
import { useRoleOption } from '../../namespace';
import { useMyNamespaces } from '../../../auth/useMyNamespaces';
import { useProjectsIn } from '../hooks/useProjectsIn';
import { useRevokeScopedKey } from '../hooks/useRevokeScopedKey';
import { useScopedKeys } from '../hooks/useScopedKeys';
import { ScopedKeyFormModal } from './ScopedKeyFormModal';
import { ScopedKeyShownModal } from './ScopedKeyShownModal';

const STATE_COLOUR = { active: 'green', expired: 'default', revoked: 'red' } as const;

/** The member's scoped API keys: what each may do, until when, its last use; make and revoke. */
export function ScopedKeysCard() {
  const { t } = useTranslation(['user', 'common']);
  const keys = useScopedKeys();
  const revoke = useRevokeScopedKey();
  const namespaces = useMyNamespaces();
  const roles = useRoleOption();
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<{ name: string; key: string }>();
  const keyNamespaces = useMemo(
    () => [...new Set((keys.data ?? []).flatMap((k) => k.namespaceIds))].sort((a, b) => a - b),
    [keys.data],
  );
  const { projects } = useProjectsIn(keyNamespaces);
  const nsName = new Map((namespaces.data ?? []).map((n) => [n.namespaceId, n.namespaceName]));
  const roleName = new Map((roles.data ?? []).map((r) => [r.id, r.name]));
  const projectName = new Map(projects.map((p) => [p.id, p.name]));

  const scopeOf = (k: ApiKeyRow) =>
    t('scopedKeys.scope', {
      namespaces: k.namespaceIds.map((id) => nsName.get(id) ?? `#${id}`).join(', '),
      projects: k.projectIds.length
        ? k.projectIds.map((id) => projectName.get(id) ?? `#${id}`).join(', ')
        : t('scopedKeys.allProjects'),
      role: roleName.get(k.roleId) ?? `#${k.roleId}`,
    });

  let content;
  if (keys.isPending) content = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (keys.isError) content = <Alert type="error" showIcon title={errorText(keys.error)} />;
  else if (keys.data.length === 0)
    content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scopedKeys.empty')} />;
  else
    content = (
      <List
        dataSource={keys.data}
        rowKey="id"
        renderItem={(k) => (
          <List.Item
            actions={
              k.state === 'active'
                ? [
                    <Popconfirm
                      key="revoke"
                      title={t('scopedKeys.revokeTitle', { name: k.name })}
                      description={t('scopedKeys.revokeText')}
                      okText={t('scopedKeys.revoke')}
                      okButtonProps={{ danger: true, loading: revoke.isPending }}
                      cancelText={t('common:action.cancel')}
                      onConfirm={() => void revoke.mutateAsync(k.id).catch(() => undefined)}
                    >
                      <Button size="small" danger>
                        {t('scopedKeys.revoke')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Flex gap={8} align="center" wrap>
                <Text strong>{k.name}</Text>
                <Tag color={STATE_COLOUR[k.state]}>{t(`scopedKeys.state.${k.state}`)}</Tag>
                <Text code secondary>{`${k.prefix}…`}</Text>
              </Flex>
              <Text secondary>{scopeOf(k)}</Text>
              <Text secondary>
                {t('scopedKeys.expires', { time: k.expireTime })}
                {' · '}
                {k.lastUseTime
                  ? t('scopedKeys.lastUse', { time: k.lastUseTime, ip: k.lastUseIp })
                  : t('scopedKeys.neverUsed')}
              </Text>
            </Flex>
          </List.Item>
        )}
      />
    );

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined />
          {t('scopedKeys.title')}
        </Flex>
      }
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('scopedKeys.add')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Text secondary>{t('scopedKeys.help')}</Text>
        {content}
      </Flex>
      {adding ? (
        <ScopedKeyFormModal
          onClose={() => setAdding(false)}
          onMade={(m) => {
            setAdding(false);
            setMade(m);
          }}
        />
      ) : null}
      {made ? (
        <ScopedKeyShownModal
          name={made.name}
          apiKey={made.key}
          onClose={() => setMade(undefined)}
        />
      ) : null}
    </Card>
  );
}
