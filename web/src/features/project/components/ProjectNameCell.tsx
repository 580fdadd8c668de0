import { Flex, Typography } from 'antd';
import type { ProjectRow } from '../utils/ProjectRow';
import { DeployPathText } from './DeployPathText';
import { EnvironmentTag } from '../../../ui/EnvironmentTag';
import { LabelTags } from '../../../ui/LabelTags';

/** The project's name and environment; below, where it deploys to and its labels. */
export function ProjectNameCell({ project }: { project: ProjectRow }) {
  return (
    <Flex vertical gap={4} style={{ minWidth: 160, maxWidth: 250 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{project.name}</Typography.Text>
        <EnvironmentTag environment={project.environment} />
      </Flex>
      <DeployPathText project={project} />
      {project.label ? <LabelTags label={project.label} /> : null}
    </Flex>
  );
}
