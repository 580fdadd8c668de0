import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import {
  NOTIFY_USES,
  Perm,
  TEMPLATE_CHANNELS,
  type NotifyUse,
  type TemplateChannel,
} from '@ferry/contract/client';
import { Alert, Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { usePermission } from '../../../auth/usePermission';
import { ErrorState } from '../../../ui/ErrorState';
import { ItemList } from '../../../ui/ItemList';
import { MonoText } from '../../../ui/MonoText';
import { useTemplates } from '../hooks/useTemplates';
import type { TemplateRow } from '../utils/deliveryRow';
import { TemplateDrawer } from './TemplateDrawer';

/**
 * The templates tab: the namespace's templates in one card per channel, a line per use; editing
 * (or, without the right to, viewing) opens the editor with its live preview.
 */
export function TemplateBoard() {
  const { t } = useTranslation('notification');
  const templates = useTemplates();
  const mayEdit = usePermission([Perm.EditNotification]);
  const [shown, setShown] = useState<{ open: boolean; row?: TemplateRow }>({ open: false });

  if (templates.isError) {
    return (
      <Card>
        <ErrorState
          title={t('templates.loadFailed')}
          detail={errorText(templates.error)}
          onRetry={() => void templates.refetch()}
        />
      </Card>
    );
  }
  const rows = templates.data ?? [];
  const find = (channel: TemplateChannel, use: NotifyUse) =>
    rows.find((r) => r.type === channel && r.useBy === use);
  if (templates.isSuccess && rows.length === 0) {
    return (
      <Card>
        <Empty description={t('templates.empty')} />
      </Card>
    );
  }

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('templates.intro')}
        description={mayEdit ? undefined : t('templates.readOnly')}
      />
      <Row gutter={[16, 16]}>
        {TEMPLATE_CHANNELS.map((channel) => (
          <Col key={channel} xs={24} xl={8}>
            <Card
              title={t(`channel.${channel}`)}
              loading={templates.isPending}
              style={{ height: '100%' }}
              styles={{ body: { paddingBlock: 8 } }}
            >
              <ItemList
                aria-label={t(`channel.${channel}`)}
                items={NOTIFY_USES.flatMap((use) => {
                  const row = find(channel, use);
                  return row ? [row] : [];
                })}
                itemKey={(row) => row.id}
                renderItem={(row) => (
                  <Flex vertical gap={2} style={{ minWidth: 0 }}>
                    <Flex justify="space-between" align="center" gap={8}>
                      <Typography.Text strong>{t(`use.${row.useBy}`)}</Typography.Text>
                      <Button
                        type="link"
                        size="small"
                        icon={mayEdit ? <EditOutlined /> : <EyeOutlined />}
                        aria-label={t(mayEdit ? 'templates.editFor' : 'templates.viewFor', {
                          channel: t(`channel.${channel}`),
                          use: t(`use.${row.useBy}`),
                        })}
                        onClick={() => setShown({ open: true, row })}
                      >
                        {mayEdit ? t('templates.edit') : t('templates.view')}
                      </Button>
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(`useHelp.${row.useBy}`)}
                    </Typography.Text>
                    <MonoText
                      secondary
                      style={{
                        fontSize: 12,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {row.title}
                    </MonoText>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('templates.updated', { time: row.updateTime })}
                    </Typography.Text>
                  </Flex>
                )}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <TemplateDrawer
        open={shown.open}
        row={shown.row}
        mayEdit={mayEdit}
        onClose={() => setShown((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
