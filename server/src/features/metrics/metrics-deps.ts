import type { MetricTypeId } from '@ferry/contract';

/** One measured value of a server: goploy's chart type, item name and the number. */
export interface MetricSample {
  type: MetricTypeId;
  item: string;
  value: number;
}

/**
 * Where every sample goes, pulled by the console or reported by an agent: the one write path.
 */
export interface MetricIngest {
  /**
   * Stores the samples of `serverId` taken at `time` (epoch ms): their raw rows (a sample already
   * stored for that item and time is ignored, so a repeated report counts once) and roll-ups, the
   * server's last sample time with the state `ok`; then tells the agent page's watchers (hub frame
   * 16).
   */
  record(serverId: number, time: number, samples: readonly MetricSample[]): Promise<void>;
  /**
   * A collection at `time` could not reach the server: its state becomes `unreachable` with the
   * reason (the chart shows a gap there, as no sample was stored); watchers are told.
   */
  unreachable(serverId: number, time: number, error: string): Promise<void>;
}
