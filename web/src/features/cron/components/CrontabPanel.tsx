import { ImportOutlined } from '@ant-design/icons';
import { Code, CronRefusal, Perm } from '@ferry/contract/client';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { usePermission } from '../../../auth/usePermission';
import { ErrorState } from '../../../ui/ErrorState';
import { useFeedback } from '../../../ui/useFeedback';
import { useCronImport } from '../hooks/useCronImport';
import { useCrontab } from '../hooks/useCrontab';
import { keptChoice } from '../utils/importableLines';
import { CrontabSourceCard } from './CrontabSourceCard';
import { FenceAlert } from './FenceAlert';

/**
 * Every crontab of the server the SSH user may read, line by line, read-only; job lines of the
 * user's own crontab outside Ferry's block can be chosen and imported as managed jobs.
 */
export function CrontabPanel({ serverId }: { serverId: number }): ReactElement {
  const { t } = useTranslation('cron');
  const { message } = useFeedback();
  const crontab = useCrontab(serverId);
  const importLines = useCronImport(serverId);
  const canImport = usePermission([Perm.AddCron]);
  const [chosen, setChosen] = useState<number[]>([]);

  if (crontab.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (crontab.isError) {
    return (
      <ErrorState
        title={t('crontab.loadFailed')}
        detail={errorText(crontab.error)}
        onRetry={() => void crontab.refetch()}
      />
    );
  }
  const { sources, checksum, fence } = crontab.data;
  const choice = keptChoice(chosen, sources);
  const choose = (lineNo: number, checked: boolean) =>
    setChosen((now) => (checked ? [...now, lineNo] : now.filter((n) => n !== lineNo)));
  const submit = () =>
    importLines.mutate(
      { lineNos: choice, checksum },
      {
        onSuccess: ({ ids }) => {
          setChosen([]);
          void message.success(t('crontab.imported', { count: ids.length }));
        },
        onError: (e) => {
          if (e instanceof ApiError && e.reason === CronRefusal.crontabChanged) {
            void message.warning(t('crontab.changed'));
          } else if (e instanceof ApiError && e.code === Code.illegalParam) {
            // Silenced for this line; any other failure the API layer reported.
            void message.error(errorText(e));
          }
        },
      },
    );

  return (
    <Flex vertical gap={12}>
      <FenceAlert fence={fence} />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">{t('crontab.explain')}</Typography.Text>
        {canImport ? (
          <Button
            type="primary"
            icon={<ImportOutlined />}
            disabled={choice.length === 0}
            loading={importLines.isPending}
            onClick={submit}
          >
            {t('crontab.import', { count: choice.length })}
          </Button>
        ) : null}
      </Flex>
      {sources.map((source) => (
        <CrontabSourceCard
          key={source.source}
          source={source}
          chosen={canImport ? choice : undefined}
          onChoose={canImport ? choose : undefined}
        />
      ))}
    </Flex>
  );
}
