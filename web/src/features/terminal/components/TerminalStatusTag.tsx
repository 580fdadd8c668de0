import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { statusText } from '../utils/statusText';
import type { TerminalStatus } from '../utils/terminalStatus';

/** A tab's session state: connecting, connected, or why it closed. */
export function TerminalStatusTag({ status }: { status: TerminalStatus }) {
  const text = statusText(status);
  const style = { marginInlineEnd: 0, whiteSpace: 'normal' as const };
  if (status.state === 'connecting') {
    return (
      <Tag color="processing" icon={<SyncOutlined spin />} style={style}>
        {text}
      </Tag>
    );
  }
  if (status.state === 'connected') {
    return (
      <Tag color="success" icon={<CheckCircleOutlined />} style={style}>
        {text}
      </Tag>
    );
  }
  const color =
    status.cause === 'ended' ? 'default' : status.cause === 'idle' ? 'warning' : 'error';
  return (
    <Tag color={color} icon={<CloseCircleOutlined />} role="status" style={style}>
      {text}
    </Tag>
  );
}
