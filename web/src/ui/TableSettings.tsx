import { ColumnSettings } from './ColumnSettings';
import { DensityMenu } from './DensityMenu';
import type { ListColumn, ListDensity } from './ListSettingsContext';

export interface TableSettingsProps {
  density: ListDensity;
  onDensity: (density: ListDensity) => void;
  columns: readonly ListColumn[];
  hidden: ReadonlySet<string>;
  onHidden: (hidden: ReadonlySet<string>) => void;
}

/** A table's row height and columns (loaded with the first table a page shows). */
export default function TableSettings(props: TableSettingsProps) {
  return (
    <>
      <DensityMenu value={props.density} onChange={props.onDensity} />
      <ColumnSettings columns={props.columns} hidden={props.hidden} onChange={props.onHidden} />
    </>
  );
}
