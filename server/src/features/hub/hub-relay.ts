import type { HubFrame } from '@ferry/contract';
import type { Audience, Hub } from '../../core/ws/hub.js';
import type { ClusterBus } from '../../infra/cluster/cluster-bus.js';

/** A hub frame as it travels between consoles: JSON, bytes in base64. */
interface RelayedFrame {
  namespaceId: number | 'any';
  /** Absent: to the namespace's clients (`publish`); else to these topics' subscribers. */
  topics?: readonly string[];
  frame?: HubFrame;
  bytes?: string;
  audience?: Audience;
}

const TOPIC = 'hub';

/**
 * The hub of a console among several (decision 0044): each frame goes to this console's clients
 * and over the cluster bus to the other consoles, which deliver it to theirs with the same
 * namespace, topics and audience. A client connected to any console sees every frame it may.
 */
export function relayHub(local: Hub, bus: ClusterBus): Hub {
  bus.on(TOPIC, (body) => {
    const m = body as RelayedFrame;
    const frame = m.bytes !== undefined ? Buffer.from(m.bytes, 'base64') : m.frame;
    if (!frame) return;
    if (m.topics) local.publishTopic(m.namespaceId, m.topics, frame, m.audience);
    else if (m.namespaceId !== 'any' && !(frame instanceof Uint8Array)) {
      local.publish(m.namespaceId, frame, m.audience);
    }
  });
  return {
    ...local,
    publish(namespaceId, frame, audience) {
      if (bus.othersUp()) bus.send(TOPIC, { namespaceId, frame, audience } satisfies RelayedFrame);
      return local.publish(namespaceId, frame, audience);
    },
    publishTopic(namespaceId, topic, frame, audience) {
      if (!bus.othersUp()) return local.publishTopic(namespaceId, topic, frame, audience);
      const topics = typeof topic === 'string' ? [topic] : topic;
      const relayed: RelayedFrame =
        'type' in frame
          ? { namespaceId, topics, frame, audience }
          : { namespaceId, topics, bytes: bytesOf(frame).toString('base64'), audience };
      bus.send(TOPIC, relayed);
      return local.publishTopic(namespaceId, topic, frame, audience);
    },
  };
}

function bytesOf(frame: Uint8Array | readonly Uint8Array[]): Buffer {
  return frame instanceof Uint8Array ? Buffer.from(frame) : Buffer.concat(frame);
}
