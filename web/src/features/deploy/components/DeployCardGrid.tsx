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

/**
 * The projects as cards, as many columns of at least 320px as fit; a short last row stretches
 * its cards so that they fill the row.
 */
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
    <div
      style={{
        display: 'grid',
        gap: 16,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
      }}
    >
      {projects.map((p) => (
        <DeployCard
          key={p.id}
          project={p}
          live={liveOf(p)}
          pinned={pinned.includes(p.id)}
          onTogglePin={onTogglePin}
          on={on}
        />
      ))}
    </div>
  );
}
