import { RocketOutlined } from '@ant-design/icons';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '../../../ui/Text';
import type { RunningJob } from '../utils/ConsoleRow';

/** The clock of a server time (`YYYY-MM-DD HH:mm:ss`); the tooltip has the whole of it. */
const clockOf = (time: string) => /\d{2}:\d{2}:\d{2}$/.exec(time)?.[0] ?? time;

/** What a console runs now: a small tag per job with its start, one a line; or "Idle". */
export function RunningJobs({ jobs }: { jobs: readonly RunningJob[] }) {
  const { t } = useTranslation('system');
  if (jobs.length === 0) return <Text secondary>{t('consoles.idle')}</Text>;
  return (
    <Flex vertical gap={4} align="flex-start">
      {jobs.map((job) => {
        const kind = job.kind === 'deploy' ? t('consoles.kind.deploy') : job.kind;
        return (
          <Tooltip
            key={job.token}
            title={t('consoles.jobHelp', { kind, token: job.token, time: job.startTime })}
          >
            <Tag
              color="processing"
              variant="filled"
              icon={<RocketOutlined aria-hidden />}
              style={{ marginInlineEnd: 0 }}
            >
              {t('consoles.job', { kind, time: clockOf(job.startTime) })}
            </Tag>
          </Tooltip>
        );
      })}
    </Flex>
  );
}
