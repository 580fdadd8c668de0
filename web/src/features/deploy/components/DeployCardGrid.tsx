import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import type { CardLive } from '../utils/cardState';
import type { DeployRow } from '../utils/DeployRow';
import { DeployCard } from './DeployCard';
import type { DeployHandlers } from './DeployHandlers';

interface DeployCardGridProps {
  projects: readonly DeployRow[];
  liveOf: (project: DeployRow) => CardLive;
  pinned: readonly number[];
  onTogglePin: (project: DeployRow) => void;
  on: DeployHandlers;
  empty: ReactNode;
}

/** The projects as cards: one column on phones, two from 768px, three from 1200px, four wider. */
export function DeployCardGrid({
  projects,
  liveOf,
  pinned,
  onTogglePin,
  on,
  empty,
}: DeployCardGridProps) {
  if (projects.length === 0) return empty;
  return (
    <Row gutter={[16, 16]}>
      {projects.map((p) => (
        <Col key={p.id} xs={24} md={12} xl={8} xxl={6}>
          <DeployCard
            project={p}
            live={liveOf(p)}
            pinned={pinned.includes(p.id)}
            onTogglePin={onTogglePin}
            on={on}
          />
        </Col>
      ))}
    </Row>
  );
}
