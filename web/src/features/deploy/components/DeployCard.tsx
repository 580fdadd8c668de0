import { Card, Flex } from 'antd';
import { EnvironmentTag } from '../../../ui/EnvironmentTag';
import { LabelTags } from '../../../ui/LabelTags';
import { Text } from '../../../ui/Text';
import type { CardLive } from '../utils/cardState';
import type { DeployRow } from '../utils/DeployRow';
import { CommitSummary } from './CommitSummary';
import { DeployActions } from './DeployActions';
import type { DeployHandlers } from './DeployHandlers';
import { DeployMeta } from './DeployMeta';
import { DeployStateTag } from './DeployStateTag';
import { PinButton } from './PinButton';
import { ReviewBadge } from './ReviewBadge';

export interface DeployItemProps {
  project: DeployRow;
  live: CardLive;
  pinned: boolean;
  onTogglePin: (project: DeployRow) => void;
  on: DeployHandlers;
}

/** One project on the deploy page: where it stands, what it runs, and its buttons. */
export function DeployCard({ project, live, pinned, onTogglePin, on }: DeployItemProps) {
  return (
    <article aria-label={project.name} style={{ height: '100%' }}>
      <Card
        size="small"
        style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
        styles={{ body: { display: 'flex', flexDirection: 'column', gap: 10, flex: 1 } }}
        title={
          <Text strong ellipsis={{ tooltip: project.name }}>
            {project.name}
          </Text>
        }
        extra={
          <PinButton name={project.name} pinned={pinned} onToggle={() => onTogglePin(project)} />
        }
      >
        <Flex gap={6} wrap align="center">
          <EnvironmentTag environment={project.environment} />
          <DeployStateTag state={live.state} />
          <ReviewBadge project={project} onOpen={on.onReviews} />
        </Flex>
        <CommitSummary commit={live.commit} />
        <DeployMeta project={project} />
        {project.label ? <LabelTags label={project.label} /> : null}
        <div style={{ marginTop: 'auto', paddingTop: 4 }}>
          <DeployActions project={project} live={live} on={on} />
        </div>
      </Card>
    </article>
  );
}
